/**
 * Inline code in prose that names API (`AppStore.openFile`, `ImageViewConfigStore#createColorBlending`, `openFile()`
 * under a heading about AppStore) links to it: `options.inlineCode` says where a name leads in the page's version, or
 * nothing, and the code stays plain. Code already inside a link or a heading is left as it is.
 */
import { Renderer, type MarkedExtension, type Token, type Tokens } from "marked";
import { escapeHtml } from "./html.ts";
import type { MarkdownOptions } from "./types.ts";

/** A code span after the per-document pass: the URL it links to, if any. */
type LinkedCodespan = Tokens.Codespan & { apiHref?: string; linked?: boolean };

export const inlineCodeLinks: MarkedExtension = {
  renderer: {
    codespan(token) {
      // Renderer.prototype is typed Renderer<any, any>: the renderer this extension joins makes strings.
      const html = (Renderer.prototype as Renderer).codespan.call(this, token);
      const href = (token as LinkedCodespan).apiHref;
      return href === undefined ? html : `<a class="api-code-link" href="${escapeHtml(href)}">${html}</a>`;
    },
  },
};

/** Resolves the code spans of one document, visited in document order, with the heading each comes under. */
export class InlineCodePass {
  private heading: string | undefined;

  constructor(private readonly resolve: NonNullable<MarkdownOptions["inlineCode"]>) {}

  visit(token: Token): void {
    if (token.type === "heading" || token.type === "link") {
      if (token.type === "heading") this.heading = (token as Tokens.Heading).text;
      // Their code spans (visited next) are not linked: no link inside a link, and headings keep their own.
      markInside((token as Tokens.Heading | Tokens.Link).tokens);
      return;
    }
    if (token.type !== "codespan") return;
    const code = token as LinkedCodespan;
    if (code.linked) return;
    const href = this.resolve(code.text, this.heading);
    if (href !== undefined) code.apiHref = href;
  }
}

function markInside(tokens: Token[] | undefined): void {
  for (const token of tokens ?? []) {
    if (token.type === "codespan") (token as LinkedCodespan).linked = true;
    if ("tokens" in token) markInside(token.tokens);
  }
}
