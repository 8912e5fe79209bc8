/** Reads the pages of content/ into the parts the content tests check: front matter, headings, links and code. */
import fs from "node:fs";
import path from "node:path";
import GithubSlugger from "github-slugger";
import { marked, type Token, type Tokens } from "marked";
import { parse as parseYaml } from "yaml";

export const CONTENT_DIR = path.resolve(import.meta.dirname, "../../content");

export interface Page {
  /** Path relative to the content folder. */
  file: string;
  frontMatter: Record<string, unknown>;
  body: string;
  headings: { depth: number; id: string }[];
  links: string[];
  code: { lang: string; text: string }[];
}

const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n/;

export function readPage(absoluteFile: string): Page {
  const source = fs.readFileSync(absoluteFile, "utf8");
  const match = FRONT_MATTER.exec(source);
  const frontMatter = match ? (parseYaml(match[1] ?? "") as Record<string, unknown>) : {};
  const body = match ? source.slice(match[0].length) : source;
  const tokens = marked.lexer(body);
  // One slugger per page, as the markdown stage does, so repeated headings get -1, -2 suffixes.
  const slugger = new GithubSlugger();
  const page: Page = { file: path.relative(CONTENT_DIR, absoluteFile), frontMatter, body, headings: [], links: [], code: [] };
  // void: walkTokens returns its visitors' results, for async extensions; this visitor is synchronous.
  void marked.walkTokens(tokens, (token: Token) => {
    if (token.type === "heading") {
      const heading = token as Tokens.Heading;
      page.headings.push({ depth: heading.depth, id: slugger.slug(plainText(heading.text)) });
    } else if (token.type === "link") {
      page.links.push((token as Tokens.Link).href);
    } else if (token.type === "code") {
      const code = token as Tokens.Code;
      page.code.push({ lang: code.lang ?? "", text: code.text });
    }
  });
  return page;
}

/** Heading text as readers see it: no code backticks, link text without the target. */
function plainText(markdown: string): string {
  return markdown.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/`/g, "");
}

/** Every markdown file under a folder, relative paths sorted. */
export function markdownFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".md"))
    .map((f) => f.split(path.sep).join("/"))
    .sort();
}

/** Folder of each docs version, keyed by version name. */
export function versionDirs(): Record<string, string> {
  const versions = JSON.parse(fs.readFileSync(path.join(CONTENT_DIR, "versions.json"), "utf8")) as string[];
  return {
    next: path.join(CONTENT_DIR, "docs"),
    ...Object.fromEntries(versions.map((v) => [v, path.join(CONTENT_DIR, "versioned_docs", `version-${v}`)])),
  };
}
