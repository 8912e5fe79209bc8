/**
 * Docusaurus admonitions:
 *
 *     :::tip Optional title        (or :::tip[Optional title])
 *     Markdown body
 *     :::
 *
 * The body is ordinary markdown. A line of colons closes the innermost open block; code fences
 * in the body are skipped, so a `:::` inside code does not close it. An unclosed block runs to
 * the end of the document, like an unclosed code fence. Unknown types stay plain text.
 */
import type { MarkedExtension, Token, TokenizerExtension, RendererExtension } from "marked";

const DEFAULT_TITLES = { note: "Note", tip: "Tip", info: "Info", warning: "Warning", danger: "Danger" } as const;
type AdmonitionKind = keyof typeof DEFAULT_TITLES;
/** Other names authors use for the same boxes. */
const ALIASES: Record<string, AdmonitionKind> = { caution: "warning" };

/** Every name an admonition opens with, aliases last. */
export const ADMONITION_NAMES: readonly string[] = [...Object.keys(DEFAULT_TITLES), ...Object.keys(ALIASES)];
const OPENING = new RegExp(`^:{3,}(${ADMONITION_NAMES.join("|")})(?:\\[([^\\]\\n]*)\\]|[ \\t]+([^\\n]*))?[ \\t]*(?:\\n|$)`);
/** Where a block may start further on, so that a paragraph before it stops there. */
const OPENING_ANYWHERE = new RegExp(OPENING.source, "m");
const ANY_OPENING = /^:{3,}[a-z]/i;
const CLOSING = /^:{3,}[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

export interface AdmonitionToken {
  type: "admonition";
  raw: string;
  kind: AdmonitionKind;
  titleTokens: Token[];
  tokens: Token[];
}

const tokenizer: TokenizerExtension = {
  name: "admonition",
  level: "block",
  start: (src) => OPENING_ANYWHERE.exec(src)?.index,
  tokenizer(src) {
    const opening = OPENING.exec(src);
    if (!opening) return undefined;
    const name = opening[1]!;
    const title = (opening[2] ?? opening[3] ?? "").trim();
    const { body, end } = findBody(src, opening[0].length);
    // Lexed like a blockquote's content: as top-level blocks, so paragraphs stay paragraphs inside lists.
    const wasTop = this.lexer.state.top;
    this.lexer.state.top = true;
    const tokens = this.lexer.blockTokens(body, []);
    this.lexer.state.top = wasTop;
    const token: AdmonitionToken = {
      type: "admonition",
      raw: src.slice(0, end),
      kind: ALIASES[name] ?? (name as AdmonitionKind),
      titleTokens: title ? this.lexer.inline(title) : [],
      tokens,
    };
    return token;
  },
  childTokens: ["titleTokens", "tokens"],
};

const renderer: RendererExtension = {
  name: "admonition",
  renderer(generic) {
    const token = generic as unknown as AdmonitionToken;
    const title = token.titleTokens.length
      ? this.parser.parseInline(token.titleTokens)
      : DEFAULT_TITLES[token.kind];
    return (
      `<div class="admonition admonition-${token.kind}" role="note">` +
      `<p class="admonition-title">${title}</p>\n${this.parser.parse(token.tokens)}</div>\n`
    );
  },
};

/** The label a reader sees, as plain markdown: "Tip", or "Tip: custom title" (the markdown twin's quote head). */
export function admonitionLabel(token: AdmonitionToken): string {
  const title = token.titleTokens.map((t) => t.raw).join("");
  return title ? `${DEFAULT_TITLES[token.kind]}: ${title}` : DEFAULT_TITLES[token.kind];
}

export const admonitions: MarkedExtension = { extensions: [{ ...tokenizer, ...renderer }] };

/** The body runs from `start` to the line that closes the block; `end` is just past that line. */
function findBody(src: string, start: number): { body: string; end: number } {
  let depth = 1;
  let fence: string | undefined;
  for (let lineStart = start; lineStart < src.length; ) {
    const newline = src.indexOf("\n", lineStart);
    const lineEnd = newline < 0 ? src.length : newline;
    const line = src.slice(lineStart, lineEnd);
    if (fence) {
      if (line.trimStart().startsWith(fence) && line.trim().replaceAll(fence[0]!, "") === "") fence = undefined;
    } else if (CLOSING.test(line)) {
      if (--depth === 0) return { body: src.slice(start, lineStart), end: lineEnd + 1 };
    } else if (ANY_OPENING.test(line)) {
      depth++;
    } else {
      fence = FENCE.exec(line)?.[1];
    }
    lineStart = lineEnd + 1;
  }
  return { body: src.slice(start), end: src.length };
}
