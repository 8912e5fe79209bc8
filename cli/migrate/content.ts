/**
 * The content of a Docusaurus site copied into a carta-docs content folder: docs and frozen versions (MDX
 * rewritten where carta-docs reads it otherwise, `_category_.yml` as `_category_.json`), versioned sidebars,
 * versions.json, each frozen version's API snapshot, static files and markdown pages.
 */
import fs from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { firstEsmLine, mdxToMarkdown } from "../markdown/mdx.ts";
import { rewriteMdx } from "./mdxRewrite.ts";
import type { MigrationReport } from "./report.ts";
import type { SiteWriter } from "./siteWriter.ts";

/** Folders never copied: dependencies, build output, caches. */
const SKIPPED = new Set(["node_modules", ".docusaurus", ".git", ".carta-docs-cache"]);

/** Every file under `dir` (relative, with "/"), skipping SKIPPED folders. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name)) walk(child);
      } else if (entry.isFile()) out.push(child);
    }
  };
  walk("");
  return out.sort();
}

export interface ConvertContext {
  siteDir: string;
  writer: SiteWriter;
  report: MigrationReport;
  /** The config's mdx.linkComponents. */
  linkComponents: Record<string, string>;
  /** Route of a version's docs root ("current" for the current docs), for `{docs}` in a link component of a `.md` file. */
  docsRootOf: (version: string) => string;
  /** The site's origin (config url), for absolute links in the blog's feeds. */
  siteUrl?: string;
  /** The latest version's name (its docs root serves files outside the docs). */
  latest: string;
}

/**
 * A markdown file's text for carta-docs. Docusaurus reads every markdown file as MDX; carta-docs reads `.mdx`
 * files and `.md` files with an import as MDX, so those are rewritten where mdx.ts reads them otherwise
 * (mdxRewrite.ts), and the JSX of another `.md` file (CARTA's API overview uses `<ApiLink>`) is turned into
 * markdown by mdx.ts itself. A `.md` file that is not valid MDX is kept as it is (it is read as markdown).
 */
export function convertMarkdown(text: string, rel: string, shown: string, context: ConvertContext, docsRoot = context.docsRootOf(context.latest)): string {
  const asMdx = rel.endsWith(".mdx") || firstEsmLine(text) !== undefined;
  const rewrite = rewriteMdx(text, new Set(Object.keys(context.linkComponents)));
  if (!asMdx && !rewrite.jsx) return text;
  for (const finding of rewrite.findings) context.report.needsPerson(shown, finding.line, finding.message);
  for (const name of rewrite.converted) context.report.count(`<${name}> converted`);
  if (asMdx) return rewrite.text;
  const markdown = mdxToMarkdown(rewrite.text, { linkComponents: context.linkComponents, docsRoot });
  for (const problem of markdown.problems) context.report.needsPerson(shown, problem.line, problem.message);
  context.report.count("markdown files with JSX turned into markdown");
  return markdown.problems.length === 0 ? markdown.markdown : rewrite.text;
}

/**
 * Copies the folder `from` (relative to the Docusaurus site) to `to` (relative to the new site), converting
 * markdown and category files. Returns the number of markdown files.
 */
function copyDocsFolder(from: string, to: string, context: ConvertContext, docsRoot: string): number {
  let docs = 0;
  for (const rel of filesUnder(path.join(context.siteDir, from))) {
    const source = path.join(context.siteDir, from, rel);
    const shown = path.posix.join(from, rel);
    const name = path.posix.basename(rel);
    if (/\.mdx?$/.test(rel)) {
      context.writer.write(path.posix.join(to, rel), convertMarkdown(fs.readFileSync(source, "utf8"), rel, shown, context, docsRoot));
      docs++;
    } else if (/^_category_\.ya?ml$/.test(name)) {
      const json = path.posix.join(to, path.posix.dirname(rel), "_category_.json");
      context.writer.write(json, `${JSON.stringify(parseYaml(fs.readFileSync(source, "utf8")) ?? {}, null, 2)}\n`);
      context.report.count("_category_.yml converted to JSON");
    } else context.writer.write(path.posix.join(to, rel), fs.readFileSync(source));
  }
  return docs;
}

/** Copies a folder as it is (static files, sidebars). Returns the number of files. */
export function copyFolder(from: string, to: string, context: ConvertContext): number {
  const files = filesUnder(path.join(context.siteDir, from));
  for (const rel of files) context.writer.write(path.posix.join(to, rel), fs.readFileSync(path.join(context.siteDir, from, rel)));
  return files.length;
}

/**
 * The docs of every version: `<docsPath>/` as the current docs, and with versions.json each
 * `versioned_docs/version-X/` (its api-typedoc.json, the API plugin's snapshot, is kept where carta-docs reads
 * it) and `versioned_sidebars/`. Returns the frozen versions' names.
 */
export function copyDocs(docsPath: string, versions: string[], context: ConvertContext): string[] {
  const { report, siteDir, writer } = context;
  report.count("docs (current version)", copyDocsFolder(docsPath, "content/docs", context, context.docsRootOf("current")));
  if (!fs.existsSync(path.join(siteDir, "versions.json"))) return [];
  writer.write("content/versions.json", `${JSON.stringify(versions, null, 2)}\n`);
  for (const version of versions) {
    const folder = `versioned_docs/version-${version}`;
    report.count("docs (frozen versions)", copyDocsFolder(folder, `content/${folder}`, context, context.docsRootOf(version)));
    if (fs.existsSync(path.join(siteDir, folder, "api-typedoc.json"))) report.count("API snapshots kept");
  }
  copyFolder("versioned_sidebars", "content/versioned_sidebars", context);
  return versions;
}

/**
 * Markdown pages of `src/pages` (or the pages plugin's path) to content/pages; a React page is listed for a
 * person, and `index.js` gives way to the home page carta-docs makes from the title and tagline.
 */
export function copyPages(pagesPath: string, context: ConvertContext): void {
  for (const rel of filesUnder(path.join(context.siteDir, pagesPath))) {
    const shown = path.posix.join(pagesPath, rel);
    if (/\.mdx?$/.test(rel)) {
      const text = fs.readFileSync(path.join(context.siteDir, pagesPath, rel), "utf8");
      context.writer.write(path.posix.join("content/pages", rel), convertMarkdown(text, rel, shown, context));
      context.report.count("markdown pages");
    } else if (/\.[jt]sx?$/.test(rel) && !/(^|\/)_/.test(rel)) {
      const home = /^index\.[jt]sx?$/.test(rel);
      context.report.needsPerson(shown, undefined, home
        ? "the React home page was not converted: carta-docs' home page shows the title and tagline, content/pages/index.md below them, and home.cards (site.config.ts) leading into the site"
        : "a React page, not converted (carta-docs does not run the site's React code): write it as markdown in content/pages");
    }
  }
}
