/**
 * Docusaurus admonitions:
 *
 *     :::tip Optional title        (or :::tip[Optional title])
 *     Markdown body
 *     :::
 *
 * The body is ordinary markdown. A line of colons closes the innermost open block; code fences
 * in the body are skipped, so a `:::` inside code does not close it. An unclosed block runs to
 * the end of the document, like an unclosed code fence (and like Docusaurus' container directives). Unknown
 * types stay plain text. Both are reported by `admonitionProblem`, with the line.
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
const BLANK_LINE = /\n[ \t]*(?:\n|$)/;

/**
 * Where an admonition opens in the paragraph `src` begins with. marked asks before each paragraph, with the rest of
 * the document: a paragraph ends at its first blank line, so an opening past it cuts nothing, and looking for one
 * through the whole rest of a long document, paragraph after paragraph, took 30 s of a 5 MB doc's build.
 */
function openingInParagraph(src: string): number | undefined {
  const end = BLANK_LINE.exec(src)?.index ?? src.length;
  return OPENING_ANYWHERE.exec(src.slice(0, end + 1))?.index;
}
const ANY_OPENING = /^:{3,}[a-z]/i;
const CLOSING = /^:{3,}[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

export interface AdmonitionToken {
  type: "admonition";
  raw: string;
  kind: AdmonitionKind;
  titleTokens: Token[];
  tokens: Token[];
  /** No line closed it: it holds the rest of the document. */
  unclosed?: true;
}

const tokenizer: TokenizerExtension = {
  name: "admonition",
  level: "block",
  start: openingInParagraph,
  tokenizer(src) {
    const opening = OPENING.exec(src);
    if (!opening) return undefined;
    const name = opening[1]!;
    const title = (opening[2] ?? opening[3] ?? "").trim();
    const { body, end, unclosed } = findBody(src, opening[0].length);
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
      ...(unclosed && { unclosed }),
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

const UNKNOWN_OPENING = /^ {0,3}:{3,}([A-Za-z][\w-]*)/gm;

/**
 * What an author should hear about a token, with the offset in its raw text: an admonition never closed, or a
 * paragraph that opens one of an unknown type (published as text).
 */
export function admonitionProblem(token: Token): { at: number; message: string } | undefined {
  if (token.type === "admonition" && (token as AdmonitionToken).unclosed) {
    const opening = token.raw.slice(0, token.raw.indexOf("\n") >>> 0).trim();
    return { at: 0, message: `"${opening}" is never closed, so the rest of the page is inside it; end it with a line holding only ":::"` };
  }
  if (token.type !== "paragraph") return undefined;
  for (const match of token.raw.matchAll(UNKNOWN_OPENING)) {
    if (ADMONITION_NAMES.includes(match[1]!)) continue;
    return { at: match.index, message: `":::${match[1]}" is not an admonition type, so it is shown as text; the types are ${ADMONITION_NAMES.join(", ")}` };
  }
  return undefined;
}

/** The body runs from `start` to the line that closes the block; `end` is just past that line. */
function findBody(src: string, start: number): { body: string; end: number; unclosed?: true } {
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
  return { body: src.slice(start), end: src.length, unclosed: true };
}
