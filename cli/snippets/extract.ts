/**
 * The code snippets of a doc: its fenced code blocks in JavaScript or TypeScript, with the line where each
 * one's code starts, read with the same lexer that renders the page.
 */
import { marked, type Tokens } from "marked";
import { HeadingIds } from "../markdown/headingIds.ts";
import { SourcePositions } from "../markdown/sourcePositions.ts";
import type { PageSection } from "./apiUses.ts";

type SnippetLanguage = "js" | "ts";

export interface SnippetBlock {
  language: SnippetLanguage;
  code: string;
  /** 1-based line of the block's first line of code in the markdown file. */
  line: number;
  /** The author opted the block out of the check with the meta word `nocheck`. */
  nocheck: boolean;
  /** The heading the block comes under, with its id as the page renders it (none: before the first heading). */
  section?: PageSection;
}

const LANGUAGES: Record<string, SnippetLanguage> = { javascript: "js", js: "js", typescript: "ts", ts: "ts" };

/** Meta word that opts a block out of the type check: ```` ```js nocheck ````. */
const NOCHECK = "nocheck";

/**
 * The JavaScript and TypeScript blocks of a markdown body, in page order. `lineOffset` is the number of lines
 * before the body in its file (the front matter), so lines count from the top of the file.
 */
export function extractSnippets(body: string, lineOffset = 0): SnippetBlock[] {
  const text = body.replace(/\r\n?/g, "\n");
  const positions = new SourcePositions(text);
  const blocks: SnippetBlock[] = [];
  const ids = new HeadingIds();
  // void: walkTokens returns its visitors' results, for async extensions; this visitor is synchronous.
  void marked.walkTokens(marked.lexer(text), (token) => {
    ids.visit(token);
    if (token.type !== "code") return;
    // Code blocks are leaves, taken in order: each is searched for after the one before.
    const line = positions.lineOf(token);
    const code = token as Tokens.Code;
    // An indented block has no info string; a fenced block's code starts on the line after the fence.
    if (code.codeBlockStyle === "indented") return;
    const [name = "", ...meta] = (code.lang ?? "").trim().split(/\s+/);
    const language = LANGUAGES[name.toLowerCase()];
    if (!language) return;
    const heading = ids.headings.findLast((candidate) => candidate.depth > 1);
    const section = heading && { text: heading.text, id: heading.id };
    blocks.push({ language, code: code.text, line: line + 1 + lineOffset, nocheck: meta.includes(NOCHECK), ...(section && { section }) });
  });
  return blocks;
}
