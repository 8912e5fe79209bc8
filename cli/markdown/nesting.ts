/**
 * A bound on how deeply block quotes and lists nest. marked lexes each nested container by recursion, and
 * its list tokenizer takes time that grows steeply with depth (a list nested 400 levels took 5 s, 3,000
 * levels ran out of memory; 3,000 nested `>` overflowed the stack). No real document nests anywhere near
 * MAX_NESTING, so a line nested deeper is left out of the page and reported, before marked sees it.
 *
 * The depth of a line is counted from the line alone, in one pass: its container markers (`>`, `-`, `*`,
 * `+`, `1.`) and, on a line with a marker, the indentation that nests it under the items above (two
 * columns a level at least). Lines of fenced code are not counted.
 */
export const MAX_NESTING = 20;

/** A line's leading container markers and the whitespace between them. */
const CONTAINER_PREFIX = /^(?:[ \t]*(?:>|[-*+](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$)))+[ \t]*/;
const MARKER = />|[-*+]|\d{1,9}[.)]/g;
/** A thematic break ("- - -", "* * *") looks like list markers but nests nothing. */
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const FENCE = /^(`{3,}|~{3,})/;
/** A line nested past the limit starts with this many marker or space characters at least (a tab nests two levels). */
const MAY_NEST_DEEPLY = new RegExp(`^[ \\t>*+\\-\\d.)]{${Math.ceil((MAX_NESTING + 1) / 2)}}`, "m");

export interface TooDeep {
  /** 1-based line in the text. */
  line: number;
  depth: number;
}

/** Columns of leading whitespace (a tab advances to the next multiple of 4). */
function columns(whitespace: string): number {
  let column = 0;
  for (const char of whitespace) column = char === "\t" ? column + 4 - (column % 4) : column + 1;
  return column;
}

function depthOf(line: string): { depth: number; rest: string } {
  const prefix = CONTAINER_PREFIX.exec(line)?.[0];
  if (!prefix || THEMATIC_BREAK.test(line)) return { depth: 0, rest: line.trimStart() };
  const markers = prefix.match(MARKER)?.length ?? 0;
  // Indentation before and between markers, less the one space each marker takes after it.
  const indent = columns(prefix.replace(MARKER, "")) - markers;
  return { depth: markers + Math.max(0, Math.floor(indent / 2)), rest: line.slice(prefix.length) };
}

/**
 * `text` without its lines nested deeper than MAX_NESTING (each left out as an empty line, so line numbers
 * hold), and the first such line. Text within the limit is returned as it is.
 */
export function limitNesting(text: string): { text: string; tooDeep?: TooDeep } {
  if (!MAY_NEST_DEEPLY.test(text)) return { text };
  const lines = text.split("\n");
  let fence: string | undefined;
  let tooDeep: TooDeep | undefined;
  lines.forEach((line, index) => {
    const { depth, rest } = depthOf(line);
    const marker = FENCE.exec(rest)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && rest.slice(marker.length).trim() === "") fence = undefined;
      return;
    }
    if (marker) fence = marker;
    if (depth <= MAX_NESTING) return;
    tooDeep ??= { line: index + 1, depth };
    lines[index] = "";
  });
  return tooDeep ? { text: lines.join("\n"), tooDeep } : { text };
}

export function tooDeepMessage({ depth }: TooDeep): string {
  return `block quotes and lists are nested ${depth} levels deep here, deeper than the limit of ${MAX_NESTING}; this line and any other nested deeper are left out: flatten the structure (e.g. split it into sections)`;
}

/** The error a parser's recursion ends in when markup nests too deeply for the stack. */
export function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

export const TOO_DEEP_TO_READ = "the markup here nests too deeply to be read (emphasis, links or elements inside each other, thousands deep), so the page is left empty; flatten it";

/** Where the markup that nests most probably is: the 1-based line with the most opening characters. */
export function lineNestedMost(text: string): number {
  let best = { line: 1, count: -1 };
  text.split("\n").forEach((line, index) => {
    const count = line.match(/[*_[<{(>`~-]/g)?.length ?? 0;
    if (count > best.count) best = { line: index + 1, count };
  });
  return best.line;
}
