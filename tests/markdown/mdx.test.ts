/**
 * Docusaurus MDX: what renders (a golden fragment: fixtures/mdx/docusaurus.mdx beside the HTML it becomes)
 * and what is reported, each problem at its line with what to write instead.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../../cli/markdown/index.ts";
import { mdxToMarkdown, type MdxOptions } from "../../cli/markdown/mdx.ts";

const fixtures = path.join(import.meta.dirname, "fixtures/mdx");
const options: MdxOptions = {
  linkComponents: { ApiLink: "api:{path}", DocsIndexLink: "{docs}/category{path}" },
  docsRoot: "/carta-frontend/docs/next",
  rewriteImage: (src) => `/carta-frontend/assets/${path.posix.basename(src)}`,
};

function problemsOf(mdx: string) {
  return mdxToMarkdown(mdx, options).problems;
}

describe("MDX that renders", () => {
  it("matches its golden fragment (UPDATE_GOLDEN=1 rewrites it)", () => {
    const { markdown, problems } = mdxToMarkdown(fs.readFileSync(path.join(fixtures, "docusaurus.mdx"), "utf8"), options);
    expect(problems).toEqual([]);
    const html = renderMarkdown(markdown, { rewriteLink: (href) => href }).html;
    const golden = path.join(fixtures, "docusaurus.html");
    if (process.env.UPDATE_GOLDEN === "1") fs.writeFileSync(golden, html);
    expect(html).toBe(fs.readFileSync(golden, "utf8"));
  });

  it("leaves no MDX syntax in the page: no import line, no component tag, no comment", () => {
    const { markdown } = mdxToMarkdown(fs.readFileSync(path.join(fixtures, "docusaurus.mdx"), "utf8"), options);
    const { html, title } = renderMarkdown(markdown);
    expect(title).toBe("Regions");
    for (const raw of ["import", "<ApiLink", "<Link", "<Tabs", "<TabItem", "<Admonition", "DocsIndexLink", "authors only", "require("]) expect(html).not.toContain(raw);
    expect(html).toContain('<a href="api:/.-stores/class/RegionSetStore"><code>RegionSetStore</code></a>');
    expect(html).toContain('<a href="/carta-frontend/docs/next/category/contributing"><h4>Contributing</h4></a>');
    expect(html).toContain('<img src="/carta-frontend/assets/diagram.svg" alt="Diagram" width="300" />');
  });

  it("keeps the lines of the source, so later diagnostics point at the .mdx file", () => {
    const source = 'import Link from "@docusaurus/Link";\nimport Tabs from "@theme/Tabs";\n\n<Link\n  to="/docs/a">\n  A\n</Link>\n\n[b](./b.md)\n';
    const seen: number[] = [];
    renderMarkdown(mdxToMarkdown(source, options).markdown, { rewriteLink: (href, line) => (seen.push(line), href) });
    expect(seen).toEqual([4, 9]);
  });
});

describe("MDX that cannot render is reported at its line", () => {
  it("a component carta-docs does not know, naming where it was imported from and what to do", () => {
    expect(problemsOf('import Chart from "@site/src/Chart";\n\n# T\n\n<Chart data="x" />\n')).toEqual([
      { line: 5, message: expect.stringMatching(/^<Chart> is a React component \(imported from @site\/src\/Chart\), which carta-docs does not run; write markdown or HTML instead, or, for a link, map it in mdx\.linkComponents/) },
    ]);
  });

  it("an export, an expression and an attribute holding an expression", () => {
    const problems = problemsOf('# T\n\nexport const year = 2025;\n\nIt is {year}.\n\n<a href={url}>x</a>\n');
    expect(problems.map((p) => p.line)).toEqual([3, 5, 7]);
    expect(problems[0]!.message).toMatch(/^"export const year = 2025;": exports are JavaScript/);
    expect(problems[1]!.message).toMatch(/^the expression \{year\} is JavaScript, which carta-docs does not evaluate; write its value as text$/);
    expect(problems[2]!.message).toMatch(/^<a> has the attribute href=\{url\}, a JavaScript expression/);
  });

  it("a link component without the attribute its target needs", () => {
    expect(problemsOf('<ApiLink to="/x">X</ApiLink>\n')).toEqual([{ line: 1, message: '<ApiLink> has no "path" attribute, which mdx.linkComponents.ApiLink ("api:{path}") needs' }]);
  });

  it("text that is not valid MDX, with the parser's line and how to escape it", () => {
    const { markdown, problems } = mdxToMarkdown("# T\n\nA set {of braces\n", options);
    expect(markdown).toBe("");
    expect(problems).toEqual([{ line: 3, message: expect.stringMatching(/^not valid MDX: .*; escape a literal "\{" or "<" as \\\{ or &lt;, or put it in `code`$/) }]);
  });
});
