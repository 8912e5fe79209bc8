/**
 * The create-docusaurus classic site (tests/fixtures/docusaurus-classic, version 1.0.0 cut) migrates, builds with
 * no errors, and every route its Docusaurus build served resolves in the carta-docs build.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { build } from "../../cli/index.ts";
import { migrate } from "../../cli/migrate/migrate.ts";
import { ROOT, cleanTemp, tempDir, treeChecksum } from "../helpers/site.ts";
import { routesList, unresolvedRoutes } from "./builtRoutes.ts";

const FIXTURE = path.join(ROOT, "tests/fixtures/docusaurus-classic");

afterAll(cleanTemp);

describe("migrate: the Docusaurus classic site", () => {
  it("migrates, builds with no errors, and keeps every route of the Docusaurus build", async () => {
    const before = treeChecksum(FIXTURE);
    const out = path.join(tempDir("carta-docs-migrate-"), "site");
    const result = await migrate({ from: FIXTURE, out });
    expect(treeChecksum(FIXTURE)).toEqual(before);
    expect(result.check?.errors).toEqual([]);

    // What the report says was done and left.
    const counts = Object.fromEntries(result.report.counts);
    expect(counts).toMatchObject({ "docs (current version)": 9, "docs (frozen versions)": 9, "blog posts frozen into pages": 4, "markdown pages": 1 });
    expect([...result.report.stubbed]).toEqual(["prism-react-renderer"]);
    expect(result.report.notes.some((note) => note.includes('it is now the text it gave: "Copyright ©'))).toBe(true);
    const todo = result.report.toDo.map((f) => `${f.file}:${f.line ?? ""}`);
    expect(todo).toContain("docs/tutorial-basics/markdown-features.mdx:166"); // <Highlight>, text kept
    expect(todo).toContain("src/pages/index.js:");
    expect(result.report.notCarried.map((f) => f.message.split(":")[0])).toEqual(expect.arrayContaining(["future", "themeConfig.prism", "theme.customCss"]));
    expect(fs.readFileSync(path.join(out, "MIGRATION.md"), "utf8")).toContain("## Needs a person");

    const config = fs.readFileSync(path.join(out, "site.config.ts"), "utf8");
    expect(config).toContain('"sidebarId": "tutorialSidebar"');
    expect(config).toContain('"href": "/blog"');
    const highlight = fs.readFileSync(path.join(out, "content/docs/tutorial-basics/markdown-features.mdx"), "utf8");
    // Outside the code block that shows its source, the component's tags are gone and its text stays.
    expect(highlight).toMatch(/^This is Docusaurus green !$/m);
    const exports = (text: string) => text.match(/^export const Highlight/gm)?.length ?? 0;
    expect(exports(fs.readFileSync(path.join(FIXTURE, "docs/tutorial-basics/markdown-features.mdx"), "utf8"))).toBe(2);
    expect(exports(highlight)).toBe(1); // the one left is inside the code block that shows it

    const built = await build({ config: path.join(out, "site.config.ts"), cwd: out, outDir: path.join(out, "build") });
    expect(built.errors).toEqual([]);
    const routes = routesList(path.join(ROOT, "tests/fixtures/docusaurus-classic.routes.txt"));
    expect(routes.length).toBeGreaterThan(40);
    expect(unresolvedRoutes(routes, path.join(out, "build"), "/")).toEqual([]);
    // Routes migrate computed itself agree with the Docusaurus build's.
    expect(result.docusaurusRoutes.filter((route) => !routes.includes(route))).toEqual([]);
  }, 240_000);
});
