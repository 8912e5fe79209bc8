/**
 * The markdown stage: one document's markdown to HTML, its headings and its title.
 *
 * Raw HTML rule: HTML blocks and inline HTML written in markdown pass through an allow-list of
 * elements, attributes and URL schemes (rawHtml.ts); what is removed is reported through
 * `reportRemovedHtml`. Text that only looks like HTML inside code spans and code blocks is escaped
 * as usual. Links and images written as raw HTML are not passed to `rewriteLink` / `rewriteImage`;
 * only markdown ones are.
 *
 * The marked instance is built once, with GFM and the stateless extensions of this folder. What
 * belongs to one document (slugger, options, line positions, title) lives in passes created per
 * call, which store their results on the tokens that the renderers then read; so nothing carries
 * over from one call to the next.
 */
import { Marked } from "marked";
import { admonitions } from "./admonitions.ts";
import { HeadingIds, headingIds, takeTitle } from "./headingIds.ts";
import { highlight } from "./highlight.ts";
import { externalLinks, UrlRewriter } from "./links.ts";
import { plainProseHtml } from "./plainProse.ts";
import { RawHtmlPass } from "./rawHtml.ts";
import { SourcePositions } from "./sourcePositions.ts";
import { scrollableTables } from "./scrollableTables.ts";
import type { MarkdownOptions, MarkdownResult } from "./types.ts";

export type { Heading, MarkdownOptions, MarkdownResult } from "./types.ts";

const marked = new Marked({ gfm: true }, admonitions, headingIds, highlight, externalLinks, scrollableTables);

export function renderMarkdown(source: string, options: MarkdownOptions = {}): MarkdownResult {
  // marked turns CR and CRLF into LF before lexing; so do we, so that tokens' raw text is found in `text`.
  const text = source.replace(/\r\n?/g, "\n");
  const plain = plainProseHtml(text);
  return plain === undefined ? renderWithMarked(text, options) : { html: plain, headings: [] };
}

/** renderMarkdown without the shortcut for plain prose (`text` with LF line endings); tests compare the two. */
export function renderWithMarked(text: string, options: MarkdownOptions = {}): MarkdownResult {
  const tokens = marked.lexer(text);
  const ids = new HeadingIds();
  const urls = options.rewriteLink || options.rewriteImage ? new UrlRewriter(options) : undefined;
  const rawHtml = new RawHtmlPass(options.reportRemovedHtml);
  // Lines are found only for a caller that is told about them; every token moves the search position on.
  const positions = urls || options.reportRemovedHtml ? new SourcePositions(text) : undefined;
  const lineOffset = options.lineOffset ?? 0;
  marked.walkTokens(tokens, (token) => {
    const line = positions ? positions.lineOf(token) + lineOffset : 0;
    ids.visit(token);
    urls?.visit(token, line);
    rawHtml.visit(token, line); // after the rewriter: it checks the URLs links end up with
  });
  rawHtml.finish();
  const title = takeTitle(tokens);
  const html = marked.parser(tokens);
  return title === undefined ? { html, headings: ids.headings } : { html, headings: ids.headings, title };
}
