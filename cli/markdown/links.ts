/**
 * Links and images: every link href goes through `options.rewriteLink` and every image src through
 * `options.rewriteImage`, with the line of the original file where it appears. External links
 * (http/https) get class "external" so the theme can mark them.
 */
import { Renderer, type MarkedExtension, type Token, type Tokens } from "marked";
import type { MarkdownOptions } from "./types.ts";

const EXTERNAL = /^https?:\/\//i;

export const externalLinks: MarkedExtension = {
  renderer: {
    link(token) {
      // Renderer.prototype is typed Renderer<any, any>: the renderer this extension joins makes strings.
      const html = (Renderer.prototype as Renderer).link.call(this, token);
      return EXTERNAL.test(token.href) ? html.replace(/^<a /, '<a class="external" ') : html;
    },
  },
};

/** Rewrites the URLs of one document's tokens in place, visited in document order with their lines. */
export class UrlRewriter {
  constructor(private readonly options: MarkdownOptions) {}

  visit(token: Token, line: number): void {
    const { rewriteLink, rewriteImage } = this.options;
    // Reference-style links arrive here as link tokens already holding their definition's URL.
    // marked's Token also admits extension tokens, whose fields are any: links and images are marked's own.
    if (token.type === "link" && rewriteLink) {
      const link = token as Tokens.Link;
      link.href = rewriteLink(link.href, line);
    } else if (token.type === "image" && rewriteImage) {
      const image = token as Tokens.Image;
      image.href = rewriteImage(image.href, line);
    }
  }
}
