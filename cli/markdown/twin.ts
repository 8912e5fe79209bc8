/**
 * The markdown twin of a document: its own markdown, as written, with what only this site understands
 * turned into plain markdown any reader (or AI assistant) understands. Links and images get the URL
 * `options.twinUrl` gives for their (already rewritten) href, admonitions become blockquotes led by their
 * label, raw HTML is dropped (its text kept; a script's or a style's code goes with it), a link or image whose URL
 * the raw HTML rule refuses (`javascript:`) is its text, link reference definitions are inlined, and custom heading
 * ids (`{#id}`) go. Everything else, code fences with their language first, is kept byte for byte.
 *
 * The twin is spliced from the source rather than printed from the tokens: each token that changes is
 * found by its raw text, in document order, inside the raw text of the block that holds it, so the
 * author's formatting survives. A token that cannot be found there (a link whose text runs over a list
 * item's indentation) is left as written.
 */
import { twinText } from "./twinText.ts";
import type { Token, Tokens } from "marked";
import { admonitionLabel, type AdmonitionToken } from "./admonitions.ts";
import { urlAllowed } from "./rawHtml.ts";

/** Where a link or image of the twin points, given the href the HTML got. */
export type TwinUrl = (href: string) => string;

const CUSTOM_ID = /[ \t]*\{#[^}\s]+\}[ \t]*$/gm;

/**
 * Whether a twin of `text` can differ from the text: only links and images (`[`), raw HTML and autolinks
 * (`<`), admonitions (`:::`) and custom heading ids (`{#`) change.
 */
export function mayChangeInTwin(text: string): boolean {
  return /[[<]|:::|\{#/.test(text);
}

/** The twin of a document, from its top-level tokens (after the link rewriting of the HTML pass). */
export function twinMarkdown(tokens: readonly Token[], url: TwinUrl): string {
  return tokens.map((token) => twinBlock(token, url)).join("").replace(/\n{3,}/g, "\n\n").trim();
}

function twinBlock(token: Token, url: TwinUrl): string {
  switch (token.type) {
    case "def":
      return ""; // inlined into the links that use it
    case "html":
      return twinText(token.raw);
    case "code":
      return token.raw;
    case "heading":
      return splice(token.raw, token.tokens ?? [], url).replace(CUSTOM_ID, "");
    case "admonition":
      return twinAdmonition(token as unknown as AdmonitionToken, url);
    default:
      return splice(token.raw, childrenOf(token), url);
  }
}

/** `> **Tip: title**` then the body, each line quoted. */
function twinAdmonition(token: AdmonitionToken, url: TwinUrl): string {
  const body = twinMarkdown(token.tokens, url);
  const lines = [`**${admonitionLabel(token)}**`, "", ...body.split("\n")];
  return `${lines.map((line) => (line ? `> ${line}` : ">")).join("\n")}\n\n`;
}

/** `raw` with each changed token inside it replaced by its twin. */
function splice(raw: string, children: readonly Token[], url: TwinUrl): string {
  let out = "";
  let cursor = 0;
  for (const [child, twin] of changedTokens(children, url)) {
    const at = raw.indexOf(child.raw, cursor);
    if (at < 0) continue;
    out += raw.slice(cursor, at) + twin;
    cursor = at + child.raw.length;
  }
  return out + raw.slice(cursor);
}

/** A `<script>` or `<style>` start tag, and its end tag. */
const CODE_START = /^<(script|style)\b/i;
const CODE_END = { script: /^<\/script\s*>/i, style: /^<\/style\s*>/i } as const;

/**
 * The outermost tokens that change in the twin, in document order, with their twin text. Inline, marked gives a
 * script or style element as its two tags with the code between them as text tokens: the code goes with the tags.
 */
function* changedTokens(tokens: readonly Token[], url: TwinUrl): Generator<[Token, string]> {
  let insideCode: RegExp | undefined;
  for (const token of tokens) {
    const start = token.type === "html" && !token.block ? CODE_START.exec(token.raw) : null;
    if (insideCode) {
      if (token.type === "html" && insideCode.test(token.raw)) insideCode = undefined;
      yield [token, ""];
    } else if (start) {
      insideCode = CODE_END[start[1]!.toLowerCase() as keyof typeof CODE_END];
      yield [token, ""];
    } else if (token.type === "link" || token.type === "image" || token.type === "html" || token.type === "admonition") yield [token, twinInline(token, url)];
    else yield* changedTokens(childrenOf(token), url);
  }
}

function twinInline(token: Token, url: TwinUrl): string {
  switch (token.type) {
    case "link": {
      const link = token as Tokens.Link;
      const text = link.raw.startsWith("<") ? link.text : splice(link.text, link.tokens, url);
      // A URL outside the raw HTML rule (`javascript:`) is dropped, as from the HTML: the link is its text.
      if (!urlAllowed(link.href, "link")) return text;
      // A bare URL (GFM autolink) is absolute already and reads best as it is.
      if (link.raw === link.text && url(link.href) === link.href) return link.raw;
      return `[${text}](${url(link.href)}${titlePart(link.title)})`;
    }
    case "image": {
      const image = token as Tokens.Image;
      if (!urlAllowed(image.href, "image")) return twinText(image.text);
      return `![${image.text}](${url(image.href)}${titlePart(image.title)})`;
    }
    case "html":
      return token.block ? twinText(token.raw) : "";
    case "admonition":
      return twinAdmonition(token as unknown as AdmonitionToken, url);
    default:
      return token.raw;
  }
}

function titlePart(title: string | null | undefined): string {
  return title ? ` "${title.replaceAll('"', '\\"')}"` : "";
}


function childrenOf(token: Token): readonly Token[] {
  switch (token.type) {
    case "list":
      return (token as Tokens.List).items;
    case "table": {
      const table = token as Tokens.Table;
      return [...table.header, ...table.rows.flat()].flatMap((cell) => cell.tokens);
    }
    default:
      return "tokens" in token && Array.isArray(token.tokens) ? token.tokens : [];
  }
}
