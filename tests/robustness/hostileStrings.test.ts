/**
 * Hostile strings through every text field (issue 43): the site's title and tagline, a doc's front-matter title
 * and description, a heading's inline HTML, a block of raw HTML, an inline script and style and a `javascript:` link in a paragraph, a category's label and description, a sidebar label. The HTML pages escape them
 * (no tag of theirs is markup); the markdown twins, llms.txt and llms-full.txt hold no HTML at all, not even an
 * attribute's text; the search files hold them as text. A test site of its own, with a `url` so twins are made.
 * API comments too, from a viewer source and from a snapshot: an image with a handler, a script, a `javascript:`
 * link and quotes that would end an attribute.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import sanitizeHtml from "sanitize-html";
import { runPipeline } from "../../cli/pipeline/pipeline.ts";
import { apiSite, fixtureSnapshot } from "../helpers/apiSite.ts";
import { cleanTemp, read, smallSite, write } from "../helpers/site.ts";

afterAll(cleanTemp);

/** Each payload names its field, so a finding says where it came from. */
const payload = (field: string) => `${field}<img src=https://example.org/x.png onerror="alert('${field}')"><script>alert('${field}')</script>`;
const FIELDS = ["sitetitle", "tagline", "doctitle", "docdescription", "heading", "blockhtml", "inlinetext", "categorylabel", "categorydescription", "sidebarlabel"];

function hostileSite(): string {
  const site = smallSite(`export default ${JSON.stringify({ title: payload("sitetitle"), tagline: payload("tagline"), url: "https://example.org" })};\n`);
  write(site, "content/docs/guide/a.md", `---\ntitle: ${JSON.stringify(payload("doctitle"))}\ndescription: ${JSON.stringify(payload("docdescription"))}\nsidebar_label: ${JSON.stringify(payload("sidebarlabel"))}\n---\n\n## heading<img src=https://example.org/x.png onerror="alert('heading')">\n\n<div title='a>b' onclick="alert('block')">blockhtml</div>\n\nText with inline code elements <script>alert('inline')</script><style>p{color:red}</style>inlinetext, and [a javascript: link](javascript:alert(1)).\n`);
  write(site, "content/docs/guide/_category_.json", JSON.stringify({ label: payload("categorylabel"), link: { type: "generated-index", description: payload("categorydescription") } }));
  return site;
}

function filesOf(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

describe("hostile strings in every text field", () => {
  it("are escaped in HTML, absent as HTML from twins and llms files, and text in the search files", async () => {
    const site = hostileSite();
    const result = await runPipeline({ config: path.join(site, "site.config.ts"), write: true });
    expect(result.errors).toEqual([]);
    const files = filesOf(path.join(site, "build"));
    const markdown = files.filter((file) => file.endsWith(".md") || file.endsWith(".txt"));
    expect(markdown.map((file) => path.basename(file))).toEqual(expect.arrayContaining(["llms.txt", "llms-full.txt", "a.md"]));
    const seen = new Set<string>();
    for (const file of markdown) {
      const text = fs.readFileSync(file, "utf8");
      // No tag, and no text of a removed attribute or script.
      expect(text, file).not.toMatch(/<(img|script)\b|onerror|alert\(|color:red|\(javascript:/i);
      for (const field of FIELDS) if (text.includes(field)) seen.add(field);
      // Every link target is a URL without spaces or markup.
      for (const [, url] of text.matchAll(/\]\(([^)]*)\)/g)) expect(url, file).toMatch(/^https:\/\/example\.org\/[^\s<>"]*$/);
    }
    // Every field's own text reached a twin or an llms file (the payload's prefix is its name).
    expect([...seen].sort()).toEqual([...FIELDS].sort());
    for (const file of files.filter((f) => f.endsWith(".html"))) {
      const html = fs.readFileSync(file, "utf8");
      expect(html, file).not.toMatch(/<img src=https:\/\/example\.org\/x\.png onerror|<script>alert\(/);
    }
    const search = files.filter((file) => file.includes(`${path.sep}search`) && file.endsWith(".json"));
    expect(search.length).toBeGreaterThan(0);
    const searchText = search.map((file) => fs.readFileSync(file, "utf8")).join("\n");
    for (const file of search) expect(() => JSON.parse(fs.readFileSync(file, "utf8")), file).not.toThrow();
    expect(searchText).toContain("doctitle");
  }, 120_000);
});

/**
 * An API comment's hostile markup, named by `field`: an image with a handler, a script, a `javascript:` link and
 * quotes that would end an attribute the comment's text were put in. No comment ends (`*` `/`) inside it.
 */
const commentPayload = (field: string) =>
  `${field} <img src=https://example.org/x.png onerror=alert(1)> <script>alert('${field}')</script> [run it](javascript:alert(1)) and a "quote" that ends" onmouseover="alert(1)" an attribute`;

/** Every start tag of an HTML page with its attributes, as a browser's parser reads them. */
function startTags(html: string): { name: string; attribs: Record<string, string> }[] {
  const tags: { name: string; attribs: Record<string, string> }[] = [];
  sanitizeHtml(html, { allowedTags: false, allowedAttributes: false, allowVulnerableTags: true, onOpenTag: (name, attribs) => tags.push({ name, attribs: { ...attribs } }) });
  return tags;
}

describe("hostile API comments", () => {
  it("of a viewer source and of a snapshot are escaped in HTML, absent as HTML from twins and llms files, and text in the search files", async () => {
    const snapshot = fixtureSnapshot() as unknown as { children: { children?: { name: string; comment?: { summary: { kind: string; text: string }[] } }[] }[] };
    const animator = snapshot.children.flatMap((area) => area.children ?? []).find((item) => item.name === "AnimatorComponent")!;
    animator.comment = { summary: [{ kind: "text", text: commentPayload("snapshotcomment") }] };
    const site = apiSite(snapshot);
    const appStore = "viewer/src/stores/AppStore.ts";
    write(site, appStore, read(site, appStore).replace(" * The root store: open frames, the active frame and the other stores.", ` * ${commentPayload("viewercomment")}`));
    const result = await runPipeline({ config: path.join(site, "site.config.ts"), write: true });
    expect(result.errors.map((e) => `${e.file}:${e.line} ${e.code} ${e.message}`)).toEqual([]);
    const files = filesOf(path.join(site, "build"));

    const seen = new Set<string>();
    for (const file of files.filter((f) => f.endsWith(".md") || f.endsWith(".txt"))) {
      const text = fs.readFileSync(file, "utf8");
      expect(text, file).not.toMatch(/<(img|script)\b|onerror|alert\('|javascript:/i);
      for (const field of ["viewercomment", "snapshotcomment"]) if (text.includes(field)) seen.add(field);
    }
    expect([...seen].sort()).toEqual(["snapshotcomment", "viewercomment"]);

    const pages = files.filter((f) => f.endsWith(".html"));
    const shown = new Set<string>();
    for (const file of pages) {
      const html = fs.readFileSync(file, "utf8");
      for (const field of ["viewercomment", "snapshotcomment"]) if (html.includes(field)) shown.add(field);
      for (const { name, attribs } of startTags(html)) {
        expect(Object.keys(attribs).filter((attribute) => attribute.startsWith("on")), `${file}: <${name}>`).toEqual([]);
        for (const url of [attribs.href, attribs.src]) expect(url ?? "", `${file}: <${name}>`).not.toMatch(/^\s*javascript:/i);
      }
      expect(html, file).not.toMatch(/<script>alert\(/);
    }
    expect([...shown].sort()).toEqual(["snapshotcomment", "viewercomment"]);

    const searchText = files.filter((file) => file.includes(`${path.sep}search`) && file.endsWith(".json")).map((file) => fs.readFileSync(file, "utf8")).join("\n");
    for (const field of ["viewercomment", "snapshotcomment"]) expect(searchText).toContain(field);
    expect(searchText).not.toMatch(/<(img|script)\b|javascript:/i);
  }, 180_000);
});
