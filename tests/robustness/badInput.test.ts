/** Awkward but valid input builds; hostile text in titles never becomes markup. */
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runPipeline } from "../../cli/pipeline/pipeline.ts";
import { cleanTemp, copyFixtureSite, write } from "../helpers/site.ts";

afterAll(cleanTemp);

async function build(site: string) {
  return runPipeline({ config: path.join(site, "site.config.ts"), write: true });
}

describe("awkward input", () => {
  it("builds an empty markdown file as a page titled after its file", async () => {
    const site = copyFixtureSite();
    write(site, "content/docs/guide/empty.md", "");
    const result = await build(site);
    expect(result.errors).toEqual([]);
    const html = fs.readFileSync(path.join(site, "build/docs/next/guide/empty.html"), "utf8");
    expect(html).toContain("<title>empty | Fixture Docs</title>");
  });

  it("builds a 5 MB markdown file", async () => {
    const site = copyFixtureSite();
    const section = (i: number) => `## Section ${i}\n\nSome text with a [link](./advanced.md) and \`code\`.\n\n\`\`\`ts\nconst value${i} = ${i};\n\`\`\`\n\n| a | b |\n|---|---|\n| ${i} | ${i * 2} |\n\n`;
    let body = "---\ntitle: Huge\n---\n\n";
    for (let i = 0; body.length < 5 * 1024 * 1024; i++) body += section(i);
    write(site, "content/docs/guide/huge.md", body);
    const result = await build(site);
    expect(result.errors).toEqual([]);
    const html = fs.readFileSync(path.join(site, "build/docs/next/guide/huge.html"), "utf8");
    expect(html.length).toBeGreaterThan(5 * 1024 * 1024);
    expect(html).toContain('id="section-1000"');
  }, 60_000);
});

describe("hostile titles", () => {
  const TITLE = "<img src=x onerror=alert(1)>";

  it("render as text in the page title, heading, sidebar, pagination and search documents", async () => {
    const site = copyFixtureSite();
    write(site, "content/docs/guide/xss.md", `---\ntitle: "${TITLE}"\nsidebar_position: 1.5\ndescription: "\\"><script>alert(2)</script>"\n---\n\nBody.\n`);
    const result = await build(site);
    expect(result.errors).toEqual([]);
    const html = fs.readFileSync(path.join(site, "build/docs/next/guide/xss.html"), "utf8");
    expect(html).not.toContain(TITLE);
    expect(html).not.toContain("<script>alert(2)");
    expect(html).toContain("<title>&lt;img src=x onerror=alert(1)&gt; | Fixture Docs</title>");
    expect(html).toContain("<h1>&lt;img src=x onerror=alert(1)&gt;</h1>");
    const neighbour = fs.readFileSync(path.join(site, "build/docs/next/guide/first-steps.html"), "utf8");
    expect(neighbour).not.toContain(TITLE);
    expect(neighbour).toContain("&lt;img src=x onerror=alert(1)&gt;");
    const docs = JSON.parse(fs.readFileSync(path.join(site, "build/search-doc-current.json"), "utf8")) as { pages: { title: string[] } };
    expect(docs.pages.title).toContain(TITLE);
  });
});
