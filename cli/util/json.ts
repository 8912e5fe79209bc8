/** JSON files read with errors that name the file and the line. */
import fs from "node:fs";
import type { Diagnostics } from "../diagnostics.ts";

/** Line of a character offset in a text. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/**
 * Parses a JSON file; on a syntax error records a diagnostic with the line and returns undefined.
 * `shown` is the path used in messages.
 */
export function readJsonFile(file: string, shown: string, diagnostics: Diagnostics): unknown {
  const text = fs.readFileSync(file, "utf8");
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = message.match(/position (\d+)/);
    const lineColumn = message.match(/line (\d+) column/);
    const line = lineColumn ? Number(lineColumn[1]) : position ? lineAt(text, Number(position[1])) : undefined;
    diagnostics.error("json", `not valid JSON: ${message.replace(/^JSON\.parse: /, "").replace(/ in JSON at position \d+.*$/, "").replace(/ \(line \d+ column \d+\)$/, "")}`, { file: shown, line });
    return undefined;
  }
}
