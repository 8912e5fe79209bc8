/**
 * Golden fragments: each fixtures/<name>.md is rendered and compared with fixtures/<name>.html.
 * `UPDATE_GOLDEN=1 npx vitest run tests/markdown` rewrites the .html files; review the diff by eye.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../../cli/markdown/index.ts";

const fixtures = path.join(import.meta.dirname, "fixtures");
const update = process.env.UPDATE_GOLDEN === "1";
const names = fs
  .readdirSync(fixtures)
  .filter((file) => file.endsWith(".md"))
  .map((file) => file.slice(0, -".md".length));

// What the content stage does, in miniature: markdown file links become routes, images become assets.
const options = {
  rewriteLink: (href: string) => href.replace(/\.md(?=#|$)/, ""),
  rewriteImage: (src: string) => `/carta-frontend/assets/${path.posix.basename(src)}`,
};

describe("golden fragments", () => {
  it("has fixtures", () => {
    expect(names.length).toBeGreaterThanOrEqual(6);
  });

  it.each(names)("%s", (name) => {
    const markdown = fs.readFileSync(path.join(fixtures, `${name}.md`), "utf8");
    const expectedFile = path.join(fixtures, `${name}.html`);
    const { html } = renderMarkdown(markdown, options);
    if (update) fs.writeFileSync(expectedFile, html);
    expect(html).toBe(fs.readFileSync(expectedFile, "utf8"));
  });
});
