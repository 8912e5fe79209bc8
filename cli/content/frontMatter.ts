/**
 * Front matter of a doc: the YAML block between `---` lines at the top of a markdown file.
 * Known keys follow Docusaurus; an unknown key is a warning (with the nearest known key),
 * a wrong type or invalid YAML is an error with its line.
 */
import { LineCounter, parseDocument, isMap, isScalar, type YAMLError } from "yaml";
import { z } from "zod";
import type { Diagnostics } from "../util/diagnostics.ts";
import { nearest } from "../util/nearest.ts";

const tocLevel = z.number().int().min(2).max(6);
const stringList = z.array(z.string());
/** A part of a route (an id, a slug) becomes a file name and a URL: no control characters. */
const routePart = z.string().regex(/^[^\u0000-\u001f\u007f]*$/, "must not contain control characters (such as NUL or a line break)");

const frontMatterSchema = z.object({
  id: routePart.regex(/^[^/]+$/, "must not contain '/'").optional(),
  title: z.string().optional(),
  sidebar_label: z.string().optional(),
  sidebar_position: z.number().optional(),
  sidebar_class_name: z.string().optional(),
  displayed_sidebar: z.string().nullable().optional(),
  slug: routePart.optional(),
  description: z.string().optional(),
  keywords: stringList.optional(),
  tags: stringList.optional(),
  image: z.string().optional(),
  hide_title: z.boolean().optional(),
  hide_table_of_contents: z.boolean().optional(),
  toc_min_heading_level: tocLevel.optional(),
  toc_max_heading_level: tocLevel.optional(),
  pagination_label: z.string().optional(),
  pagination_prev: z.string().nullable().optional(),
  pagination_next: z.string().nullable().optional(),
  draft: z.boolean().optional(),
  unlisted: z.boolean().optional(),
  custom_edit_url: z.string().nullable().optional(),
});

export type FrontMatter = z.infer<typeof frontMatterSchema>;
const KNOWN_KEYS = Object.keys(frontMatterSchema.shape);

export interface SplitSource {
  frontMatter: FrontMatter;
  body: string;
  /** Lines before the body (the front matter block), so body line N is file line N + bodyLineOffset. */
  bodyLineOffset: number;
  /** Line of the file each top-level key is written on, for problems found later (a slug that leaves the site, a pagination id that names no doc). */
  keyLines: Readonly<Record<string, number>>;
}

const FENCE = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** YAML aliases one front matter may use: a few hundred can expand into gigabytes (an alias bomb). */
const MAX_ALIASES = 100;

/** Splits and validates front matter. Problems go to `diagnostics`; the result is always usable. */
export function parseFrontMatter(source: string, file: string, diagnostics: Diagnostics): SplitSource {
  const match = FENCE.exec(source) ?? /^---[ \t]*\r?\n---[ \t]*(?:\r?\n|$)/.exec(source);
  if (!match) {
    if (/^---[ \t]*\r?\n/.test(source)) {
      diagnostics.error("front-matter", "front matter opened with '---' on line 1 is never closed; end it with a line holding only '---'", { file, line: 1 });
    }
    return { frontMatter: {}, body: source, bodyLineOffset: 0, keyLines: {} };
  }
  const block = match[1] ?? "";
  const bodyLineOffset = match[0].split("\n").length - (match[0].endsWith("\n") ? 1 : 0);
  const body = source.slice(match[0].length);
  const lineCounter = new LineCounter();
  const doc = parseDocument(block, { lineCounter, uniqueKeys: true });
  // Front matter starts on line 2 of the file (after the opening ---).
  const lineOf = (offset: number) => lineCounter.linePos(offset).line + 1;
  if (doc.errors.length > 0) {
    for (const err of doc.errors) {
      diagnostics.error("front-matter", yamlErrorMessage(err, block), { file, line: lineOf(err.pos[0]) });
    }
    return { frontMatter: {}, body, bodyLineOffset, keyLines: {} };
  }
  let data: unknown;
  try {
    // yaml refuses to expand more than maxAliasCount aliases: an "alias bomb" would take all memory.
    data = doc.toJS({ maxAliasCount: MAX_ALIASES }) ?? {};
  } catch (error) {
    diagnostics.error("front-matter", `front matter could not be read: ${error instanceof Error ? error.message : String(error)}; use at most ${MAX_ALIASES} YAML aliases (*name)`, { file, line: 2 });
    return { frontMatter: {}, body, bodyLineOffset, keyLines: {} };
  }
  if (!isMap(doc.contents) && data !== null && (typeof data !== "object" || Array.isArray(data))) {
    diagnostics.error("front-matter", "front matter must be a YAML mapping of keys to values (for example `title: Quick start`)", { file, line: 2 });
    return { frontMatter: {}, body, bodyLineOffset, keyLines: {} };
  }
  const keyLines: Record<string, number> = {};
  if (isMap(doc.contents)) {
    for (const pair of doc.contents.items) {
      if (isScalar(pair.key) && pair.key.range) keyLines[String(pair.key.value)] = lineOf(pair.key.range[0]);
    }
  }
  const record = (data ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!KNOWN_KEYS.includes(key)) {
      diagnostics.warn("front-matter", `unknown front matter key "${key}" is ignored; did you mean "${nearest(key, KNOWN_KEYS, 1)[0]}"?`, { file, line: keyLines[key] });
      delete record[key];
    }
  }
  const parsed = frontMatterSchema.safeParse(record);
  if (parsed.success) return { frontMatter: parsed.data, body, bodyLineOffset, keyLines };
  const bad = new Set<string>();
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0]);
    bad.add(key);
    const expected = issue.code === "invalid_type" ? `expected ${issue.expected}` : issue.message;
    diagnostics.error("front-matter", `front matter key "${key}" has value ${shownValue(record[key])}; ${expected}`, { file, line: keyLines[key] });
  }
  for (const key of bad) delete record[key];
  return { frontMatter: frontMatterSchema.parse(record), body, bodyLineOffset, keyLines };
}

/** A value as a message shows it: JSON, shortened; a value that holds itself (`&a [*a]`) cannot be JSON. */
function shownValue(value: unknown): string {
  let json: string;
  try {
    json = JSON.stringify(value) ?? String(value);
  } catch {
    return "that contains itself (a YAML alias inside its own anchor)";
  }
  return json.length > 80 ? `${json.slice(0, 77)}...` : json;
}

/**
 * yaml's message names a line of the front matter block, not of the file, and ends with a code frame over
 * several lines: keep the sentence, and show the column and the text of the line at fault instead.
 */
function yamlErrorMessage(err: YAMLError, block: string): string {
  const sentence = err.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "");
  const where = err.linePos?.[0];
  if (!where) return `front matter is not valid YAML: ${sentence}`;
  const text = block.split("\n")[where.line - 1]?.trim();
  return `front matter is not valid YAML: ${sentence} (column ${where.col}${text ? ` of \`${text}\`` : ""})`;
}
