/**
 * Rewrites the links of one doc's markdown: `.md` file links to the target doc's route,
 * `api:` links to the API of the doc's own version, site-absolute links under the base path,
 * and images to hashed asset files.
 */
import fs from "node:fs";
import path from "node:path";
import type { Diagnostics } from "../util/diagnostics.ts";
import type { Doc } from "../content/docs.ts";
import type { AssetRegistry } from "../output/assets.ts";
import { IMAGE_EXTENSIONS, imageProblem } from "./imageFile.ts";
import type { SiteBoundary } from "../content/insideSite.ts";
import type { SiteConfig } from "../config/schema.ts";
import { nearest } from "../util/nearest.ts";
import type { ApiLinkResolver } from "../pages/apiPages.ts";

export interface LinkContext {
  baseUrl: string;
  /** Images must lie inside the site (see content/insideSite.ts). */
  boundary: SiteBoundary;
  /** content/static, where a root-absolute image path leads, as in Docusaurus. */
  staticDir: string;
  /** Docs of the same version, by absolute source path. */
  docsBySource: Map<string, Doc>;
  resolveApi?: ApiLinkResolver;
  assets: AssetRegistry;
  diagnostics: Diagnostics;
  /** What a `.md` link that resolves to no doc does (the config key of that name). */
  onBrokenMarkdownLinks: SiteConfig["onBrokenMarkdownLinks"];
  /** Markdown file links and images that resolve to nothing, already reported with their line; the page link checker skips them. */
  unresolvedMarkdownLinks: Set<string>;
  /** Gets every file an image names, whatever became of it: what the rewritten markdown depends on besides its text. */
  seenFiles?: Set<string>;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

function splitHash(href: string): [string, string] {
  const i = href.indexOf("#");
  return i === -1 ? [href, ""] : [href.slice(0, i), href.slice(i)];
}

/** A link's path as a file path: each segment percent-decoded (`%23` is a `#` in a file name), or kept as written. */
function decodePath(target: string): string {
  return target
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join("/");
}

function siteAbsolute(baseUrl: string, href: string): string {
  if (href.startsWith(baseUrl) || `${href}/` === baseUrl) return href;
  const joined = baseUrl + href.replace(/^\/+/, "");
  return joined.length > 1 && !joined.includes("#") && !joined.includes("?") ? joined.replace(/\/$/, "") : joined;
}

/** Line of the source file where each href of a page was written (as rendered; the first one when repeated). */
type LinkLines = Map<string, number>;

export function createLinkRewriter(doc: { source: string; file: string; versionName: string; docsDir?: string }, ctx: LinkContext) {
  const lines: LinkLines = new Map();
  // The link checker reads the rendered hrefs; knowing where each was written lets it name the line.
  const noteUrl = (url: string, line: number): void => {
    if (!lines.has(url)) lines.set(url, line);
  };
  const rewriteLink = (href: string, line: number): string => {
    const out = resolveLink(href, line);
    noteUrl(out, line);
    return out;
  };

  const resolveLink = (href: string, line: number): string => {
    if (href.startsWith("api:")) {
      if (!ctx.resolveApi) {
        ctx.diagnostics.error("broken-link", `link "${href}" points into the API reference, but this site has no API reference configured`, { file: doc.file, line });
        return href;
      }
      const result = ctx.resolveApi(doc.versionName, href.slice(4));
      if ("error" in result) {
        ctx.diagnostics.error("broken-link", `broken API link "${href}": ${result.error}`, { file: doc.file, line });
        return href;
      }
      // A doc of a frozen version that links to API its successor changed: a page to revisit.
      if (result.changedLater) ctx.diagnostics.warn("api-link-changed", `API link "${href}": ${result.changedLater}; check that this page still fits the newer API`, { file: doc.file, line });
      return result.href;
    }
    if (SCHEME.test(href) || href.startsWith("#") || href.startsWith("//") || href === "") return href;
    const [beforeHash, hash] = splitHash(href);
    // A query stays on the link (`./a.md?x=1` is the page of a.md with its query), as in Docusaurus.
    const queryAt = beforeHash.indexOf("?");
    const [target, query] = queryAt < 0 ? [beforeHash, ""] : [beforeHash.slice(0, queryAt), beforeHash.slice(queryAt)];
    if (/\.mdx?$/i.test(target)) {
      const docsRoot = target.startsWith("/") ? doc.docsDir : undefined;
      const file = docsRoot ? path.join(docsRoot, target) : path.resolve(path.dirname(doc.source), decodePath(target));
      const linked = ctx.docsBySource.get(file);
      if (linked) return linked.permalink + query + hash;
      // As Docusaurus' onBrokenMarkdownLinks: the link stays as written, and the link checker, told of it, stays quiet.
      ctx.unresolvedMarkdownLinks.add(href);
      if (ctx.onBrokenMarkdownLinks === "ignore") return href;
      const looked = path.relative(docsRoot ?? path.dirname(doc.source), file) || file;
      const message = `markdown link "${href}" does not resolve to a doc of this version (looked for ${looked})${nearestDoc(target, docsRoot)}`;
      if (ctx.onBrokenMarkdownLinks === "throw") ctx.diagnostics.error("broken-markdown-link", message, { file: doc.file, line });
      else ctx.diagnostics.warn("broken-markdown-link", message, { file: doc.file, line });
      return href;
    }
    if (target.startsWith("/")) return siteAbsolute(ctx.baseUrl, beforeHash) + hash;
    return href;
  };

  /** "; did you mean ...": the doc of this version whose link, written the same way, is nearest to `target`. */
  const nearestDoc = (target: string, docsRoot: string | undefined): string => {
    const byLink = new Map<string, Doc>();
    for (const candidate of ctx.docsBySource.values()) {
      const relative = path.relative(docsRoot ?? path.dirname(doc.source), candidate.source).split(path.sep).join("/");
      byLink.set(docsRoot ? `/${relative}` : relative.startsWith("../") ? relative : `./${relative}`, candidate);
    }
    const [best] = nearest(decodePath(target), byLink.keys(), 1);
    return best ? `; did you mean "${best}" (doc id ${byLink.get(best)!.id})?` : "; link to an existing .md file of this version";
  };

  const rewriteImage = (src: string, line: number): string => {
    if (SCHEME.test(src) || src.startsWith("//") || src.startsWith("data:")) return src;
    const refuse = (code: string, message: string): string => {
      ctx.diagnostics.error(code, message, { file: doc.file, line });
      // Reported here with the file looked for; the link check would only say the same again.
      ctx.unresolvedMarkdownLinks.add(src);
      return src;
    };
    const missing = (problem: string): string => refuse("missing-image", `image "${src}" ${problem}`);
    const written = decodePath(splitHash(src)[0].split("?")[0]!);
    if (written === "") return missing("has no file path; write the path of an image file, e.g. ./diagram.png");
    // A root-absolute path names a file of the static folder, as in Docusaurus (not one at the root of the disk).
    const file = written.startsWith("/") ? path.join(ctx.staticDir, written) : path.resolve(path.dirname(doc.source), written);
    ctx.seenFiles?.add(file);
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return missing(`does not exist (looked for ${ctx.boundary.shown(file)}${written.startsWith("/") ? ", as a path starting with / names a file of the static folder" : ""}); add the file or fix the path`);
    if (!stat.isFile()) return missing(`is a folder, not a file (${ctx.boundary.shown(file)}); write the path of an image file`);
    if (!ctx.boundary.allows(file, ctx.diagnostics, { file: doc.file, line })) return src;
    const notImage = imageProblem(file);
    if (notImage) return refuse("not-an-image", `image "${src}" (${ctx.boundary.shown(file)}) is not published: ${notImage}; images are ${IMAGE_EXTENSIONS} files`);
    if (!ctx.boundary.inContent(file)) {
      const content = ctx.boundary.shown(ctx.boundary.contentDir);
      return refuse("image-outside-content", `image "${src}" (${ctx.boundary.shown(file)}) lies outside the content folder ${content}, and only images inside it are published; move it into ${content} (beside the doc, or in ${content}/static)`);
    }
    return ctx.assets.addFile(file);
  };

  const reportRemovedHtml = (message: string, line: number): void => ctx.diagnostics.warn("raw-html", message, { file: doc.file, line });
  const reportTooDeep = (message: string, line: number): void => ctx.diagnostics.error("nesting-too-deep", message, { file: doc.file, line });
  const warn = (code: string, message: string, line: number): void => ctx.diagnostics.warn(code, message, { file: doc.file, line });

  return { rewriteLink, rewriteImage, noteUrl, reportRemovedHtml, reportTooDeep, warn, lines };
}
