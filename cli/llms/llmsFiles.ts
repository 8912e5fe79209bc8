/**
 * llms.txt (llmstxt.org) and the full text of each version, for AI assistants, made from the pages' markdown
 * twins already rendered:
 *
 * - `llms.txt` at the base path: the site's index, listing the latest version's twins (`# title`, `> tagline`,
 *   a section per top-level sidebar category, the API reference and a section per API area), the standalone
 *   pages, then the other versions, each with its own index.
 * - `{docs root}/llms.txt` per version (`docs/llms.txt` for the latest, `docs/4.1.0/llms.txt`, ...): the same
 *   index for that version.
 * - `{docs root}/llms-full.txt` per version: its docs in sidebar order, then its API reference, each page's
 *   twin once, without index lists (config `llms.full` narrows which parts go in). With a build store, a page whose
 *   render key is the one its part of the previous build's file was made with takes that part's bytes from that
 *   file (see keptFullText.ts): an edit reads the twins of the pages it rendered only.
 */
import fs from "node:fs";
import { twinText, twinUrl } from "../markdown/twinText.ts";
import type { ResolvedConfig } from "../config/load.ts";
import { flattenSidebar, type SidebarItem, type Sidebars } from "../content/sidebars.ts";
import type { DocsVersion } from "../content/versions.ts";
import { escapeLinkText } from "./apiTwin.ts";
import type { TwinBytes } from "./pageTwin.ts";
import type { OutputFiles } from "../output/writeOutput.ts";
import type { Page } from "../pages/pages.ts";
import { twinsOf, twinUrlOf, type TwinSite } from "../output/twinUrls.ts";

export interface LlmsInput {
  config: ResolvedConfig;
  versions: DocsVersion[];
  sidebars: ReadonlyMap<string, Sidebars>;
  /** Every page of the build, in route-table order (API pages in area order). */
  pages: Page[];
  rendered: ReadonlyMap<string, TwinBytes>;
  /** The previous build's llms-full.txt files, when a build store has them. */
  kept?: KeptFullTexts;
}

/**
 * Where each page's part is in a version's llms-full.txt: its route, the render key of the page it was made
 * from, and its start and length in bytes (0 for a page whose twin is empty).
 */
export interface FullTextLayout {
  routes: string[];
  keys: string[];
  starts: number[];
  lengths: number[];
}

/** A previous build's llms-full.txt, as it wrote it, and its layout. */
interface PreviousFullText {
  file: string;
  layout: FullTextLayout;
}

/** The previous build's llms-full.txt files and their layouts, and the render key of each page of this build. */
export interface KeptFullTexts {
  keys: ReadonlyMap<string, string>;
  /** The file `rel` as the previous build wrote it (a path), and its layout; undefined when either is not there as it was. */
  previous(rel: string): PreviousFullText | undefined;
  /** Keeps `rel` as this build makes it, for the next one. */
  made(rel: string, layout: FullTextLayout): void;
}

export interface LlmsFiles {
  files: OutputFiles;
  /** Each llms-full.txt written, with its size in bytes and its version as readers see it ("Next"), latest first. */
  full: { file: string; version: string; bytes: number }[];
}

/**
 * Output path of a version's file beside its docs root: "docs/llms.txt", "docs/4.1.0/llms-full.txt"; with the
 * docs at the base path (`routeBasePath: "/"`), the latest version's is "llms.txt", which the site's replaces.
 */
function versionLlmsFile(config: { baseUrl: string }, version: DocsVersion, name: "llms.txt" | "llms-full.txt"): string {
  const root = version.path.slice(config.baseUrl.length).replace(/^\//, "");
  return root ? `${root}/${name}` : name;
}

export function buildLlmsFiles(input: LlmsInput): LlmsFiles {
  const { config } = input;
  const twins = twinsOf(config);
  const files: OutputFiles = new Map();
  const full: LlmsFiles["full"] = [];
  if (!twins || config.llms === false) return { files, full };
  const ordered = [...input.versions].sort((a, b) => Number(b.isLast) - Number(a.isLast));
  const byRoute = new Map(input.pages.map((page) => [page.route, page]));
  const latest = ordered[0];
  let latestPages: VersionPages | undefined;
  // Each page's line once: the latest version's pages are listed by its index and by the site's.
  const lines = new Map<Page, string>();
  const entryOf = (page: Page) => {
    let line = lines.get(page);
    if (line === undefined) lines.set(page, (line = entry(twins, page)));
    return line;
  };
  for (const version of ordered) {
    const pages = versionPages(input, version, byRoute);
    if (version === latest) latestPages = pages;
    files.set(versionLlmsFile(config, version, "llms.txt"), versionIndex(input, twins, version, pages, false, entryOf));
    const file = versionLlmsFile(config, version, "llms-full.txt");
    const previous = input.kept?.previous(file);
    // A previous file cut short since it was checked: made from every twin instead.
    const { text, layout } = (previous && fullText(input, version, pages, config.llms.full, previous)) ?? fullText(input, version, pages, config.llms.full)!;
    input.kept?.made(file, layout);
    files.set(file, text);
    full.push({ file, version: version.label, bytes: text.length });
  }
  if (latest && latestPages) files.set("llms.txt", versionIndex(input, twins, latest, latestPages, true, entryOf));
  return { files, full };
}

/** A version's pages: its docs in sidebar order (categories as sections), then its API pages. */
interface VersionPages {
  /** Top-level sidebar entries: a category's docs under its label, top-level docs under "Docs". */
  sections: { title: string; pages: Page[] }[];
  /** Docs in no sidebar (and not unlisted), after the sidebar's. */
  otherDocs: Page[];
  api: Page[];
}

function versionPages(input: LlmsInput, version: DocsVersion, byRoute: Map<string, Page>): VersionPages {
  const seen = new Set<string>();
  const sections: VersionPages["sections"] = [];
  /** The docs a part of the sidebar leads to, each once in the whole version (a doc may be in two sidebars). */
  const docsOf = (items: SidebarItem[]) => {
    const docs: Page[] = [];
    for (const entry of flattenSidebar(items)) {
      const page = byRoute.get(entry.href.split("#")[0]!);
      if (page?.kind !== "doc" || seen.has(page.route)) continue;
      seen.add(page.route);
      docs.push(page);
    }
    return docs;
  };
  for (const items of Object.values(input.sidebars.get(version.name) ?? {})) {
    let loose: Page[] = [];
    const flush = () => {
      if (loose.length > 0) sections.push({ title: "Docs", pages: loose });
      loose = [];
    };
    for (const item of items) {
      if (item.type === "category") {
        flush();
        const pages = docsOf([item]);
        if (pages.length > 0) sections.push({ title: item.label, pages });
      } else loose.push(...docsOf([item]));
    }
    flush();
  }
  const versionOf = (page: Page) => page.version?.name === version.name;
  const otherDocs = input.pages.filter((page) => page.kind === "doc" && versionOf(page) && !page.unlisted && !seen.has(page.route));
  const api = input.pages.filter((page) => page.section === "api" && versionOf(page));
  return { sections, otherDocs, api };
}

/** `- [Title](twin URL): one-line summary` */
function entry(twins: TwinSite, page: Page): string {
  const summary = page.description && twinText(page.description.replace(/\s*\n\s*/g, " ").replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").trim());
  return `- [${escapeLinkText(page.title)}](${twinUrl(twinUrlOf(twins, page.route))})${summary ? `: ${summary}` : ""}`;
}

/** A version's llms.txt (`isSite`: the site's, the latest version's with the standalone pages); `entryOf` a page's line. */
function versionIndex(input: LlmsInput, twins: TwinSite, version: DocsVersion, pages: VersionPages, isSite: boolean, entryOf: (page: Page) => string): string {
  const { config } = input;
  const url = (file: string) => `${twins.origin}${config.baseUrl}${file}`;
  const fullUrl = url(versionLlmsFile(config, version, "llms-full.txt"));
  const lines = [`# ${twinText(config.title)}${isSite ? "" : ` ${twinText(version.label)}`}`, ""];
  if (config.tagline) lines.push(`> ${twinText(config.tagline)}`, "");
  lines.push(
    `Version ${version.label} of the docs and API reference. Every page is also served as markdown at its URL plus \`.md\`; ` +
      `this version's docs and API reference in one file: [llms-full.txt](${fullUrl}).`,
    "",
  );
  const section = (title: string, entries: string[]) => {
    if (entries.length > 0) lines.push(`## ${twinText(title)}`, "", ...entries, "");
  };
  for (const { title, pages: docs } of pages.sections) section(title, docs.map(entryOf));
  section("More docs", pages.otherDocs.map(entryOf));
  // Standalone pages belong to no version: the site's index lists them.
  if (isSite) section("Pages", input.pages.filter((page) => page.kind === "markdownPage" && !page.unlisted).map(entryOf));
  const api = pages.api;
  section(
    "API reference",
    api.filter((page) => page.kind === "apiLanding" || page.kind === "apiChangelog" || page.kind === "apiArea").map(entryOf),
  );
  for (const area of api) {
    if (area.kind !== "apiArea") continue;
    const items = api.filter((page) => page.kind === "apiItem" && page.item.area === area.area.slug);
    section(`API: ${area.title}`, items.map(entryOf));
  }
  section(
    "Other versions",
    input.versions
      .filter((other) => other !== version)
      .map((v) => `- [${escapeLinkText(v.label)}](${url(versionLlmsFile(config, v, "llms.txt"))}): the index of version ${v.label}; all of it in one file: ${url(versionLlmsFile(config, v, "llms-full.txt"))}`),
  );
  return `${lines.join("\n").trimEnd()}\n`;
}

/** Whether a page of `version` is in one of the parts `llms.full` names ("docs", "api/.-stores", ...). */
function inParts(page: Page, version: DocsVersion, parts: string[]): boolean {
  const [root, prefix] = page.section === "api" ? [version.apiPath, "api"] : [version.path, "docs"];
  const rest = page.route.slice(root.length).replace(/^\//, "");
  const rel = rest ? `${prefix}/${rest}` : prefix;
  return parts.some((part) => rel === part || rel.startsWith(`${part}/`));
}

/**
 * A version's llms-full.txt: its head, then each chosen page's part, blank-line separated. Made of the
 * twins' bytes as they are (each trimmed of surrounding white space), not decoded: the files run to
 * megabytes. A page of `previous` with the same render key takes its part from there, its twin unread: runs of
 * such parts are read from that file straight into the new one. Undefined when `previous` proves shorter than
 * its layout.
 */
function fullText(input: LlmsInput, version: DocsVersion, pages: VersionPages, parts: string[], previous?: PreviousFullText): { text: Buffer; layout: FullTextLayout } | undefined {
  const { config } = input;
  const chosen = [...pages.sections.flatMap((s) => s.pages), ...pages.otherDocs, ...pages.api].filter((page) => inParts(page, version, parts));
  const head = Buffer.from(`# ${twinText(`${config.title} ${version.label}`)}: full text\n\n${config.tagline ? `> ${twinText(config.tagline)}\n\n` : ""}`);
  // Each piece: bytes, or a run [start, end) of the previous file.
  const pieces: (Buffer | [number, number])[] = [head];
  const layout: FullTextLayout = { routes: [], keys: [], starts: [], lengths: [] };
  const before = previous && new Map(previous.layout.routes.map((route, i) => [route, i]));
  let size = head.length;
  for (const page of chosen) {
    const key = input.kept?.keys.get(page.route) ?? "";
    const at = before?.get(page.route);
    const kept = at !== undefined && key !== "" && previous!.layout.keys[at] === key;
    const start = kept ? previous!.layout.starts[at]! : 0;
    const rendered = input.rendered.get(page.route);
    const text = kept ? undefined : trimmed(rendered?.twinFull ?? rendered?.twin);
    const length = kept ? previous!.layout.lengths[at]! : text!.length;
    const last = pieces.length > 1 ? pieces[pieces.length - 1] : undefined;
    layout.routes.push(page.route);
    layout.keys.push(key);
    if (length === 0) {
      layout.starts.push(size);
      layout.lengths.push(0);
      continue;
    }
    if (last) size += BLANK_LINE.length;
    layout.starts.push(size);
    layout.lengths.push(length);
    size += length;
    // A part that followed the last one in the previous file, blank line and all, lengthens its run.
    if (kept && Array.isArray(last) && last[1] + BLANK_LINE.length === start) last[1] = start + length;
    else pieces.push(...(last ? [BLANK_LINE] : []), text ?? [start, start + length]);
  }
  pieces.push(NEWLINE);
  const out = Buffer.allocUnsafe(size + NEWLINE.length);
  const fd = previous && fs.openSync(previous.file, "r");
  try {
    let at = 0;
    for (const piece of pieces) {
      if (Buffer.isBuffer(piece)) at += piece.copy(out, at);
      else if (fs.readSync(fd!, out, at, piece[1] - piece[0], piece[0]) === piece[1] - piece[0]) at += piece[1] - piece[0];
      else return undefined;
    }
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
  return { text: out, layout };
}

const NEWLINE = Buffer.from("\n");
const BLANK_LINE = Buffer.from("\n\n");

/** `bytes` without leading and trailing white space (as String.prototype.trim, for the ASCII white space twins hold). */
function trimmed(bytes: Buffer | undefined): Buffer {
  if (!bytes) return Buffer.alloc(0);
  const space = (byte: number) => byte === 0x20 || (byte >= 0x09 && byte <= 0x0d);
  let start = 0;
  let end = bytes.length;
  while (start < end && space(bytes[start]!)) start++;
  while (end > start && space(bytes[end - 1]!)) end--;
  return bytes.subarray(start, end);
}
