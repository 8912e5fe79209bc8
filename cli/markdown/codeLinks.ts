/**
 * Names in a code block linked to the API they resolve to (what the snippet check found, see cli/snippets/apiUses.ts),
 * each with its signature in a tooltip: a `<span role="tooltip">` right after the link, which the link names with
 * `aria-describedby` and CSS shows on hover and keyboard focus, so it needs no script. The links are set into the
 * highlighted HTML without changing its highlighting: highlight.js's spans are split around a link where they cross it.
 */
import type { Token, Tokens } from "marked";
import { escapeHtml } from "./html.ts";

/** A name to link: 0-based line within the block's code, column and length (UTF-16 units). */
export interface CodeLink {
  line: number;
  column: number;
  length: number;
  href: string;
  /** Shown on hover and focus. */
  tip: string;
}

/** A block's links, found by the block's code. */
export interface CodeLinks {
  code: string;
  links: CodeLink[];
}

/** A code token after the per-document pass, carrying its links and the prefix of its tooltips' ids. */
export type LinkedCode = Tokens.Code & { codeLinks?: { links: CodeLink[]; idPrefix: string } };

/** Gives each code block its links: blocks are matched by their code, in page order. */
export class CodeLinksPass {
  private next = 0;
  private blocks = 0;

  constructor(private readonly linked: readonly CodeLinks[]) {}

  visit(token: Token): void {
    if (token.type !== "code" || this.next >= this.linked.length) return;
    this.blocks++;
    const code = token as LinkedCode;
    const found = this.linked.findIndex((block, index) => index >= this.next && block.code === code.text);
    if (found < 0) return;
    this.next = found + 1;
    if (this.linked[found]!.links.length > 0) code.codeLinks = { links: this.linked[found]!.links, idPrefix: `api-ref-${this.blocks}` };
  }
}

/** A range of a block's text to wrap: `open` before its first character, `close` after its last. */
export interface TextRange {
  start: number;
  end: number;
  open: string;
  close: string;
}

/** `html` (highlighted `source`) with each link set in, its tooltip after it. */
export function linkCode(html: string, source: string, links: readonly CodeLink[], idPrefix: string): string {
  const lineStarts = [0];
  for (let i = source.indexOf("\n"); i >= 0; i = source.indexOf("\n", i + 1)) lineStarts.push(i + 1);
  const ranges = links.flatMap((link, index): TextRange[] => {
    const lineStart = lineStarts[link.line];
    if (lineStart === undefined) return [];
    const id = `${idPrefix}-${index + 1}`;
    return [
      {
        start: lineStart + link.column,
        end: lineStart + link.column + link.length,
        open: `<a class="api-ref" href="${escapeHtml(link.href)}" aria-describedby="${id}">`,
        close: `</a><span class="api-ref-tip" role="tooltip" id="${id}">${escapeHtml(link.tip)}</span>`,
      },
    ];
  });
  return wrapRanges(html, ranges);
}

/**
 * `html` (text with inline elements and entities, as highlight.js writes it) with each range of its text wrapped.
 * Ranges are taken in order; one that overlaps the one before is left out. Elements open where a range starts or ends
 * are closed before its markup and opened again after it, so the result nests properly and looks as before.
 */
export function wrapRanges(html: string, ranges: readonly TextRange[]): string {
  const sorted = [...ranges].sort((a, b) => a.start - b.start).filter((range, i, all) => range.end > range.start && (i === 0 || range.start >= all[i - 1]!.end));
  if (sorted.length === 0) return html;
  let out = "";
  let offset = 0;
  let next = 0;
  let open: TextRange | undefined;
  const stack: string[] = [];
  const around = (markup: string) => `${"</span>".repeat(stack.length)}${markup}${stack.join("")}`;
  const boundary = () => {
    if (open && offset === open.end) {
      out += around(open.close);
      open = undefined;
    }
    while (!open && sorted[next] && sorted[next]!.start < offset) next++; // a start inside an entity or past the text
    const range = sorted[next];
    if (!open && range && offset === range.start) {
      out += around(range.open);
      open = range;
      next++;
    }
  };
  for (let i = 0; i < html.length; ) {
    const char = html[i]!;
    if (char === "<") {
      const end = html.indexOf(">", i) + 1 || html.length;
      const tag = html.slice(i, end);
      // A link ends after the elements closing at its last character, and starts before those opening at its first.
      if (tag.startsWith("</")) stack.pop();
      else {
        boundary();
        stack.push(tag);
      }
      out += tag;
      i = end;
      continue;
    }
    boundary();
    const end = char === "&" ? html.indexOf(";", i) + 1 || i + 1 : i + 1;
    out += html.slice(i, end);
    offset++;
    i = end;
  }
  boundary();
  // Splitting a highlighted element right at its edge leaves it empty there.
  return out.replace(/<span class="[^"<>]*"><\/span>/g, "");
}
