/**
 * Random markdown and front matter never crash the build: every run either succeeds or ends with
 * diagnostics. The generator is seeded, so a failure is reproducible from the printed seed.
 */
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { runPipeline } from "../../cli/pipeline/pipeline.ts";
import { cleanTemp, copyFixtureSite, write } from "../helpers/site.ts";

afterAll(cleanTemp);

const fragments = [
  "# Title", "## Section", "### Sub {#custom}", "#### Deep", "- item", "1. first", "> quote", "```ts", "```", "~~~", ":::tip", ":::note Title", ":::", ":::danger[x]",
  "| a | b |", "|---|---|", "| 1 | 2 |", "[link](./advanced.md)", "[bad](./nope.md)", "[abs](/docs/next)", "[anchor](#section)", "[api](api:Thing)",
  "![img](./img/diagram.svg)", "<div>html</div>", "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "**bold** _em_ `code`", "---", "***", "\\", "&amp; &lt;", "\t", "",
  "[ref]: ./advanced.md", "[ref][ref]", "<!-- comment", "-->", "$$", "{#", "}", "```mermaid", "* * *", "[", "](", "\u0000", "\uFFFF", "é ü 漢字",
];

const frontMatterLines = [
  "title: A title", "title: [unclosed", "sidebar_position: 3", "sidebar_position: first", "slug: /x", "slug: custom", "description: d", "draft: true", "unlisted: true",
  "toc_max_heading_level: 9", "keywords: [a, b]", "unknown_key: 1", "id: a/b", "pagination_next: null", ": :", "- list", "title: \"quoted", "hide_table_of_contents: yes",
];

const markdownArb = fc.array(fc.oneof(fc.constantFrom(...fragments), fc.string({ maxLength: 20 })), { maxLength: 40 }).map((lines) => lines.join("\n"));
const frontMatterArb = fc.option(fc.array(fc.constantFrom(...frontMatterLines), { maxLength: 6 }).map((lines) => `---\n${lines.join("\n")}\n---\n`), { nil: "" });

describe("fuzzing the content stage", () => {
  it("never crashes on random markdown and front matter", async () => {
    const site = copyFixtureSite();
    const file = path.join(site, "content/docs/guide/fuzzed.md");
    await fc.assert(
      fc.asyncProperty(frontMatterArb, markdownArb, async (frontMatter, body) => {
        write(site, "content/docs/guide/fuzzed.md", frontMatter + body);
        const result = await runPipeline({ config: path.join(site, "site.config.ts"), write: false });
        // Either clean, or every problem is a diagnostic with a message; never an exception.
        for (const d of result.diagnostics) expect(d.message.length).toBeGreaterThan(0);
        expect(result.pages.length).toBeGreaterThan(0);
      }),
      { numRuns: 40, seed: 20261122 },
    );
    expect(fs.existsSync(file)).toBe(true);
  }, 120_000);
});
