/**
 * Heading ids: a GitHub-style slug of the heading's text, or the author's `## Title {#custom-id}`.
 * Ids depend on every earlier heading of the same document (duplicates become `x`, `x-1`, ...), so a
 * `HeadingIds` pass is made per document and stores each id on its token; the renderer only reads it.
 */
import GithubSlugger from "github-slugger";
import type { MarkedExtension, Token, Tokens } from "marked";
import { decodeEntities, escapeHtml } from "./html.ts";
import type { Heading } from "./types.ts";

/** A heading token after the per-document pass, which gives every heading its anchor before rendering. */
type AnchoredHeading = Tokens.Heading & { anchor: Heading };

const CUSTOM_ID = /\s*\{#([^\s{}]+)\}$/;

export const headingIds: MarkedExtension = {
  renderer: {
    heading(token) {
      const { depth, anchor } = token as AnchoredHeading;
      const content = this.parser.parseInline(token.tokens);
      const id = escapeHtml(anchor.id);
      const label = escapeHtml(`Direct link to ${anchor.text}`);
      return `<h${depth} id="${id}">${content}<a class="hash-link" href="#${id}" aria-label="${label}">#</a></h${depth}>\n`;
    },
  },
};

/** Assigns ids to the headings of one document, visited in document order. */
export class HeadingIds {
  readonly headings: Heading[] = [];
  private readonly slugger = new GithubSlugger();

  visit(token: Token): void {
    if (token.type !== "heading") return;
    const heading = token as AnchoredHeading;
    const customId = takeCustomId(heading.tokens);
    const text = plainText(heading.tokens);
    let id: string;
    if (customId === undefined) {
      id = this.slugger.slug(text);
    } else {
      id = customId;
      // Reserve it, so a later heading whose slug is the same becomes `id-1` instead of a duplicate.
      this.slugger.occurrences[id] ??= 0;
    }
    heading.anchor = { depth: heading.depth, text, id };
    this.headings.push(heading.anchor);
  }
}

/** Removes a trailing `{#id}` from the heading's inline tokens and returns the id. */
function takeCustomId(tokens: Token[]): string | undefined {
  const last = tokens.at(-1);
  if (last?.type !== "text") return undefined;
  const textToken = last as Tokens.Text; // marked's Token also admits extension tokens, whose fields are any
  const match = CUSTOM_ID.exec(textToken.text);
  if (!match) return undefined;
  textToken.text = textToken.text.slice(0, match.index);
  return match[1];
}

/** The text a reader sees: markup dropped, entities decoded, spaces collapsed. */
function plainText(tokens: Token[]): string {
  return collectText(tokens).replace(/\s+/g, " ").trim();
}

function collectText(tokens: Token[]): string {
  let text = "";
  for (const token of tokens) {
    // Like GitHub's anchors: raw HTML and images are not part of a heading's text.
    if (token.type === "html" || token.type === "image") continue;
    if (token.type === "text") text += decodeEntities((token as Tokens.Text).text);
    else if ("tokens" in token && token.tokens) text += collectText(token.tokens);
    else if ("text" in token && typeof token.text === "string") text += token.text;
  }
  return text;
}

/** The document's title: its first block when that is an h1, removed from the tokens so it is not rendered. */
export function takeTitle(tokens: Token[]): string | undefined {
  const first = tokens.findIndex((token) => token.type !== "space");
  const block = tokens[first];
  if (block?.type !== "heading" || block.depth !== 1) return undefined;
  tokens.splice(first, 1);
  return (block as AnchoredHeading).anchor.text;
}
