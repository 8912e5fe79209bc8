/**
 * A variable whose value can be called (`const Panel: Renderer<P> = ...`) is a variable in the TypeDoc we run and
 * was a function in TypeDoc up to 0.25 (what Docusaurus' TypeDoc plugin ran): its old function route redirects to
 * it. A function's own page and a variable that cannot be called get no redirect.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { build } from "../../cli/index.ts";
import { cleanTemp, tempDir, write } from "../helpers/site.ts";
import { siteBesideViewer } from "../helpers/apiSite.ts";

afterAll(cleanTemp);

const PANELS = `/** Draws a value. */
export type Renderer<P> = (props: P) => string;

/** The panel, typed by its renderer. */
export const Panel: Renderer<{ title: string }> = (props) => props.title;

/** A helper with no annotation: TypeDoc makes it a function. */
export const shout = (text: string): string => text.toUpperCase();

/** Not callable. */
export const LIMIT = 3;
`;

describe("routes of callable variables", () => {
  it("redirect the function route TypeDoc 0.25 gave them to the variable", async () => {
    const root = tempDir("carta-docs-callable-");
    const site = siteBesideViewer(root);
    write(root, "viewer/src/stores/index.ts", `export * from "./AppStore";\nexport * from "./panels";\n`);
    write(root, "viewer/src/stores/panels.ts", PANELS);
    const out = path.join(site, "build");
    const result = await build({ config: path.join(site, "site.config.ts"), cwd: site, outDir: out });
    const page = (route: string) => path.join(out, `${route}.html`);

    const redirect = fs.readFileSync(page("api/.-stores/function/Panel"), "utf8");
    expect(redirect).toContain('<meta http-equiv="refresh" content="0; url=/api/.-stores#Panel"/>');
    expect(redirect).toContain('<link rel="canonical" href="/api/.-stores#Panel"/>');
    expect(fs.readFileSync(page("api/.-stores"), "utf8")).toMatch(/id="Panel"/);

    // A function keeps its page; a value that cannot be called has no function route.
    expect(fs.readFileSync(page("api/.-stores/function/shout"), "utf8")).not.toContain("http-equiv");
    expect(fs.existsSync(page("api/.-stores/function/LIMIT"))).toBe(false);
    expect(result.routes).toContain("/api/.-stores/function/Panel");
    expect(fs.existsSync(path.join(out, "api/.-stores/function/Panel.md")), "no twin").toBe(false);
  }, 120_000);
});
