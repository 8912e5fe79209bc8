/**
 * Random hrefs, image paths, nesting depths and front matter of odd YAML shapes, driven through a build
 * that writes: it never throws, never reports a bug of its own, and never changes a file outside its output.
 * Seeded, so a failure is reproducible; the count of inputs run is checked at the end.
 */
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { runPipeline } from "../../cli/pipeline/pipeline.ts";
import { cleanTemp, smallSite, snapshotTree, write } from "../helpers/site.ts";

afterAll(cleanTemp);

const SEGMENTS = [".", "..", "", "guide", "a", "a.md", "img.png", "a-folder", "%zz", "%2e%2e", "%2F", "?", "#", "?q=1", "#sec", " ", "\\", "x.MD", "index", "~", "\u0000", "é"];
const segment = fc.oneof(fc.constantFrom(...SEGMENTS), fc.string({ maxLength: 6 }));
const pathLike = fc.tuple(fc.constantFrom("", "./", "../", "/", "//", "?", "#", "http://", "api:", "javascript:", "mailto:"), fc.array(segment, { maxLength: 5 })).map(([start, parts]) => start + parts.join("/"));
/** Inside <...> a destination may hold spaces; without, a space or a parenthesis ends it. */
const destination = pathLike.map((href) => `<${href.replace(/[<>\n]/g, "")}>`);

const nested = fc.tuple(fc.constantFrom("> ", "- ", "1. ", "  ", "* ", "> - "), fc.integer({ min: 0, max: 400 })).map(([unit, depth]) => `${unit.repeat(depth)}x`);
const indentedList = fc.integer({ min: 0, max: 200 }).map((depth) => Array.from({ length: depth }, (_, i) => `${"  ".repeat(i)}- x`).join("\n"));

const YAML = [
  "- a", "- [b, c]", "&a [*a]", "title: &a [*a]", "title: &x\n  k: *x", "slug: \"/a\\0b\"", "slug: /x\\ny", "id: \"a\\tb\"", "title: ~", "title: !!binary aGk=",
"title: [1, {a: b}]", "sidebar_position: .nan", "sidebar_position: 1e999", "keywords: {a: 1}", "\"\"", "null", "[]", "{}", "42", "'x'", "title: |\n  a\n  b",
];
const frontMatter = fc.option(fc.array(fc.constantFrom(...YAML), { maxLength: 3 }).map((lines) => `---\n${lines.join("\n")}\n---\n`), { nil: "" });

const body = fc.array(fc.oneof(destination.map((d) => `[l](${d})`), destination.map((d) => `![i](${d})`), nested, indentedList, fc.constantFrom("# H", "text", "")), { minLength: 1, maxLength: 6 }).map((blocks) => blocks.join("\n\n"));

/** Every file of the site but its output folder. */
const outsideOutput = (site: string) => Object.fromEntries(Object.entries(snapshotTree(site)).filter(([file]) => !file.startsWith(`build${path.sep}`)));

describe("random input through a build", () => {
  it("never throws, reports no bug of its own, and writes nothing outside its output", async () => {
    const site = smallSite();
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(frontMatter, body, async (front, text) => {
        runs++;
        write(site, "content/docs/random.md", `${front}${text}\n`);
        const before = outsideOutput(site);
        const result = await runPipeline({ config: path.join(site, "site.config.ts"), write: true });
        expect(result.diagnostics.filter((d) => d.code === "internal")).toEqual([]);
        expect(outsideOutput(site)).toEqual(before);
      }),
      { numRuns: 60, seed: 20261125 },
    );
    // The count the closing note reports.
    expect(runs).toBe(60);
  }, 300_000);
});
