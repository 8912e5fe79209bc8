/**
 * The markdown stage: one document's markdown to HTML, its headings and its title.
 *
 * Raw HTML rule: HTML blocks and inline HTML written in markdown pass through an allow-list of
 * elements, attributes and URL schemes (rawHtml.ts); what is removed is reported through
 * `reportRemovedHtml`. Text that only looks like HTML inside code spans and code blocks is escaped
 * as usual. The href of a raw HTML `<a>` goes through `rewriteLink` like a markdown link; the src of a raw
 * `<img>` is not passed to `rewriteImage`.
 *
 * The marked instance is built once, with GFM and the stateless extensions of this folder. What
 * belongs to one document (slugger, options, line positions, title) lives in passes created per
 * call, which store their results on the tokens that the renderers then read; so nothing carries
 * over from one call to the next.
 */
import { Marked } from "marked";
import { admonitionProblem, admonitions } from "./admonitions.ts";
import { CodeLinksPass } from "./codeLinks.ts";
import { InlineCodePass, inlineCodeLinks } from "./inlineCodeLinks.ts";
import { HeadingIds, headingIds, takeTitle } from "./headingIds.ts";
import { highlight } from "./highlight.ts";
import { externalLinks, UrlRewriter } from "./links.ts";
import { limitNesting, tooDeepMessage } from "./nesting.ts";
import { plainProseHtml } from "./plainProse.ts";
import { RawHtmlPass } from "./rawHtml.ts";
import { SourcePositions } from "./sourcePositions.ts";
import { scrollableTables } from "./scrollableTables.ts";
import { mayChangeInTwin, twinMarkdown } from "./twin.ts";
import type { MarkdownOptions, MarkdownResult } from "./types.ts";
import { lineAt } from "../util/json.ts";

export type { MarkdownOptions, MarkdownResult } from "./types.ts";

const marked = new Marked({ gfm: true }, admonitions, headingIds, highlight, externalLinks, scrollableTables, inlineCodeLinks);

export function renderMarkdown(source: string, options: MarkdownOptions = {}): MarkdownResult {
  // marked turns CR and CRLF into LF before lexing; so do we, so that tokens' raw text is found in `text`.
  const text = withinNestingLimit(source.replace(/\r\n?/g, "\n"), options);
  const plain = plainProseHtml(text);
  if (plain === undefined) return renderWithMarked(text, options);
  return options.twinUrl ? { html: plain, headings: [], markdown: text.trim() } : { html: plain, headings: [] };
}

/**
 * Only the markdown twin of `source` (see twin.ts), links rewritten as for the HTML: no HTML is made. Text
 * without anything a twin changes (most doc comments) is its own twin, and is not even lexed.
 */
export function renderTwin(source: string, options: MarkdownOptions & Required<Pick<MarkdownOptions, "twinUrl">>): string {
  const text = withinNestingLimit(source.replace(/\r\n?/g, "\n"), options);
  if (!mayChangeInTwin(text)) return text.trim();
  const tokens = marked.lexer(text);
  if (options.rewriteLink || options.rewriteImage) {
    const urls = new UrlRewriter(options);
    const positions = new SourcePositions(text);
    const lineOffset = options.lineOffset ?? 0;
    // void: walkTokens returns its visitors' results, for async extensions; this visitor is synchronous.
    void marked.walkTokens(tokens, (token) => urls.visit(token, positions.lineOf(token) + lineOffset));
  }
  return twinMarkdown(tokens, options.twinUrl);
}

/** `text` without lines nested past the limit (see nesting.ts), which are reported. */
function withinNestingLimit(text: string, options: MarkdownOptions): string {
  const limited = limitNesting(text);
  if (limited.tooDeep) options.reportTooDeep?.(tooDeepMessage(limited.tooDeep), limited.tooDeep.line + (options.lineOffset ?? 0));
  return limited.text;
}

/** renderMarkdown without the shortcut for plain prose (`text` with LF line endings); tests compare the two. */
export function renderWithMarked(text: string, options: MarkdownOptions = {}): MarkdownResult {
  const tokens = marked.lexer(text);
  const ids = new HeadingIds();
  const urls = options.rewriteLink || options.rewriteImage ? new UrlRewriter(options) : undefined;
  const rawHtml = new RawHtmlPass(options.reportRemovedHtml, options.rewriteLink, options.noteUrl);
  const codeLinks = options.codeLinks && new CodeLinksPass(options.codeLinks);
  const inlineCode = options.inlineCode && new InlineCodePass(options.inlineCode);
  // Lines are found only for a caller that is told about them; every token moves the search position on.
  const positions = urls || options.reportRemovedHtml || options.warn ? new SourcePositions(text) : undefined;
  const lineOffset = options.lineOffset ?? 0;
  // void: walkTokens returns its visitors' results, for async extensions; this visitor is synchronous.
  void marked.walkTokens(tokens, (token) => {
    const line = positions ? positions.lineOf(token) + lineOffset : 0;
    ids.visit(token);
    codeLinks?.visit(token);
    inlineCode?.visit(token);
    urls?.visit(token, line);
    rawHtml.visit(token, line); // after the rewriter: it checks the URLs links end up with
    const problem = options.warn && admonitionProblem(token);
    if (problem) options.warn!("admonition", problem.message, line + lineAt(token.raw, problem.at) - 1);
  });
  rawHtml.finish();
  const withTitle = options.keepTitle ? [...tokens] : tokens;
  const title = takeTitle(tokens);
  const markdown = options.twinUrl && twinMarkdown(tokens, options.twinUrl);
  rawHtml.refuseUrls();
  const html = marked.parser(withTitle);
  return { html, headings: ids.headings, ...(title !== undefined && { title }), ...(markdown !== undefined && { markdown }) };
}
