/** JSON files read with errors that name the file, the line and the column. */
import fs from "node:fs";
import type { Diagnostics } from "./diagnostics.ts";
import { escapeRegExp } from "./regExp.ts";
import { readInputFile } from "./inputPaths.ts";

/** Line of a character offset in a text. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** A file's text, or "" when it cannot be read (a config handed over as an object may have no file). */
export function readTextOrNothing(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

/** The first line where `text` (a config or JSON file) writes `value` as a string literal, in any quotes. */
export function lineOfString(text: string, value: string): number | undefined {
  const lines = text.split("\n");
  const at = lines.findIndex((line) => ["\"", "'", "`"].some((q) => line.includes(`${q}${value}${q}`)));
  return at < 0 ? undefined : at + 1;
}

/**
 * The line where `text` writes `value` as the string of the property `key` (`to: "/docs/x"`) for the `nth` time
 * (0: the first), else the first line writing `value` at all (see lineOfString).
 */
export function lineOfProperty(text: string, key: string, value: string, nth = 0): number | undefined {
  const property = new RegExp(`(^|[\\s{,])["']?${key}["']?\\s*:\\s*(["'\`])${escapeRegExp(value)}\\2`);
  let seen = 0;
  const at = text.split("\n").findIndex((line) => property.test(line) && seen++ === nth);
  return at < 0 ? lineOfString(text, value) : at + 1;
}

/**
 * Parses a JSON file (a leading byte order mark, which editors on Windows write, is allowed); on a syntax error
 * records a diagnostic with the line and column and returns undefined, as for a file that cannot be read (see
 * inputPaths.ts). `shown` is the path used in messages.
 */
export function readJsonFile(file: string, shown: string, diagnostics: Diagnostics): unknown {
  const bytes = readInputFile(file, shown, diagnostics);
  return bytes && parseJsonText(bytes.toString("utf8"), shown, diagnostics);
}

/** readJsonFile for a file's text already read (a BOM allowed). */
export function parseJsonText(source: string, shown: string, diagnostics: Diagnostics): unknown {
  const text = source.replace(/^\uFEFF/, "");
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const offset = errorOffset(text, message);
    const line = lineAt(text, offset);
    const column = offset - text.lastIndexOf("\n", offset - 1);
    const reason = message.replace(/^JSON\.parse: /, "").replace(/, (?:"|\.\.\.")[\s\S]*$/, "").replace(/ in JSON at position \d+.*$/, "").replace(/ \(line \d+ column \d+\)$/, "");
    diagnostics.error("json", `not valid JSON: ${reason} (column ${column})`, { file: shown, line });
    return undefined;
  }
}

/** Where JSON.parse stopped: the position its message gives, or (V8 gives none for an unexpected token) the shortest failing prefix. */
function errorOffset(text: string, message: string): number {
  const position = / at position (\d+)/.exec(message);
  if (position) return Number(position[1]);
  if (/Unexpected end of JSON input/.test(message)) return text.length;
  // A prefix that stops before the bad character is at worst incomplete; one that holds it fails there.
  const failsWithin = (length: number): boolean => {
    try {
      JSON.parse(text.slice(0, length));
      return false;
    } catch (error) {
      const reason = error instanceof Error ? error.message : "";
      const at = / at position (\d+)/.exec(reason);
      return !/Unexpected end of JSON input/.test(reason) && (at === null || Number(at[1]) < length);
    }
  };
  let low = 1;
  let high = text.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (failsWithin(middle)) high = middle;
    else low = middle + 1;
  }
  return high - 1;
}

/**
 * How deeply a parsed JSON value nests (a scalar is 1), counted without recursion, stopping past `limit`. Run on
 * every API model's JSON (megabytes): scalars are counted where they are met, never stacked, and no array of an
 * object's values is made.
 */
export function jsonDepth(value: unknown, limit: number): number {
  let deepest = 1;
  const values: object[] = [];
  const depths: number[] = [];
  const meet = (child: unknown, depth: number) => {
    if (depth > deepest) deepest = depth;
    if (child !== null && typeof child === "object") {
      values.push(child);
      depths.push(depth);
    }
  };
  meet(value, 1);
  while (values.length > 0 && deepest <= limit) {
    const next = values.pop()!;
    const depth = depths.pop()! + 1;
    if (Array.isArray(next)) for (const child of next as unknown[]) meet(child, depth);
    else for (const key in next) meet((next as Record<string, unknown>)[key], depth);
  }
  return deepest;
}
