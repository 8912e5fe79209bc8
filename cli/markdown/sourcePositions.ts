/**
 * Where tokens start in the source. marked's tokens carry no positions, only their `raw` text, so
 * each token is found by searching for its raw text from where the previous one was found.
 *
 * Tokens must be passed in document order (marked's walk order). A token's first line is searched
 * rather than its whole raw text, because container markup (list indentation, `>` quote markers,
 * escaped table pipes) makes later lines of nested tokens differ from the source. A container only
 * moves the cursor to its start, so its children are found inside it; a leaf moves it past itself,
 * so text inside a code block cannot be mistaken for a later token.
 */
import type { Token } from "marked";

export class SourcePositions {
  private cursor = 0;
  /** Offset where each line starts; index 0 is line 1. */
  private readonly lineStarts = [0];

  constructor(private readonly source: string) {
    for (let i = source.indexOf("\n"); i >= 0; i = source.indexOf("\n", i + 1)) this.lineStarts.push(i + 1);
  }

  /** 1-based line where `token` starts. */
  lineOf(token: Token): number {
    const { raw } = token;
    const newline = raw.indexOf("\n");
    const firstLine = newline < 0 ? raw : raw.slice(0, newline);
    const found = firstLine ? this.source.indexOf(firstLine, this.cursor) : this.cursor;
    // Not found at all: the token was rewritten by its container; keep the last known place.
    const start = found < 0 ? this.cursor : found;
    if (hasChildren(token)) this.cursor = start;
    else if (found >= 0) this.cursor = start + (this.source.startsWith(raw, start) ? raw.length : firstLine.length);
    return this.lineAt(start);
  }

  private lineAt(offset: number): number {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lineStarts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  }
}

function hasChildren(token: Token): boolean {
  return token.type === "list" || token.type === "table" || ("tokens" in token && Array.isArray(token.tokens));
}
