/**
 * The markdown stage: one document's markdown to HTML, its headings and its title.
 *
 * Raw HTML rule: HTML blocks and inline HTML written in markdown are kept as authored (authors
 * are trusted, as in Docusaurus), except `<script>` elements, `on*=` event-handler attributes and
 * `javascript:` URLs, which are removed (rawHtml.ts). Text that only looks like HTML inside code
 * spans and code blocks is escaped as usual. Links and images written as raw HTML are not passed
 * to `rewriteLink` / `rewriteImage`; only markdown ones are.
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
import { removeUnsafeHtml } from "./rawHtml.ts";
import { mayChangeInTwin, twinMarkdown } from "./twin.ts";
import type { MarkdownOptions, MarkdownResult } from "./types.ts";

export type { Heading, MarkdownOptions, MarkdownResult } from "./types.ts";

const marked = new Marked({ gfm: true }, admonitions, headingIds, highlight, externalLinks);

export function renderMarkdown(source: string, options: MarkdownOptions = {}): MarkdownResult {
  // marked turns CR and CRLF into LF before lexing; so do we, so that tokens' raw text is found in `text`.
  const text = source.replace(/\r\n?/g, "\n");
  const plain = plainProseHtml(text);
  if (plain === undefined) return renderWithMarked(text, options);
  return options.twinUrl ? { html: plain, headings: [], markdown: text.trim() } : { html: plain, headings: [] };
}

/**
 * Only the markdown twin of `source` (see twin.ts), links rewritten as for the HTML: no HTML is made. Text
 * without anything a twin changes (most doc comments) is its own twin, and is not even lexed.
 */
export function renderTwin(source: string, options: MarkdownOptions & Required<Pick<MarkdownOptions, "twinUrl">>): string {
  const text = source.replace(/\r\n?/g, "\n");
  if (!mayChangeInTwin(text)) return text.trim();
  const tokens = marked.lexer(text);
  if (options.rewriteLink || options.rewriteImage) {
    const urls = new UrlRewriter(text, options);
    marked.walkTokens(tokens, (token) => urls.visit(token));
  }
  return twinMarkdown(tokens, options.twinUrl);
}

/** renderMarkdown without the shortcut for plain prose (`text` with LF line endings); tests compare the two. */
export function renderWithMarked(text: string, options: MarkdownOptions = {}): MarkdownResult {
  const tokens = marked.lexer(text);
  const ids = new HeadingIds();
  const urls = options.rewriteLink || options.rewriteImage ? new UrlRewriter(text, options) : undefined;
  marked.walkTokens(tokens, (token) => {
    ids.visit(token);
    urls?.visit(token);
  });
  const title = takeTitle(tokens);
  const markdown = options.twinUrl && twinMarkdown(tokens, options.twinUrl);
  const html = removeUnsafeHtml(marked.parser(tokens));
  return { html, headings: ids.headings, ...(title !== undefined && { title }), ...(markdown !== undefined && { markdown }) };
}
