/**
 * TypeDoc throwing (not reporting errors, throwing) on one version's source: the build reports it as an
 * error naming the version and the file, and every other version, and every other diagnostic, survives.
 * The crash is a real one: generated code nested 20 000 levels deep overflows TypeScript's parser.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runPipeline, type PipelineResult } from "../../cli/pipeline/pipeline.ts";
import { apiSite } from "../helpers/apiSite.ts";
import { cleanTemp, write } from "../helpers/site.ts";

afterAll(cleanTemp);

const DEPTH = 20_000;

const check = (site: string) => runPipeline({ config: path.join(site, "site.config.ts"), write: false });
const routes = (result: PipelineResult) => result.pages.map((page) => page.route);
const describeAll = (result: PipelineResult) => result.diagnostics.map((d) => `${d.severity} ${d.code} ${d.file ?? ""}: ${d.message}`);

describe("a TypeDoc crash", () => {
  it("is one error naming the version and the file; the other versions and diagnostics are kept", async () => {
    const site = apiSite();
    // A page with a warning of its own, to see that diagnostics from outside the API stage are kept.
    write(site, "content/docs/guide/loose-link.md", "---\nsidebar_lable: Loose\n---\n\n# Loose\n");
    const baseline = await check(site);
    expect(baseline.errors).toEqual([]);
    expect(baseline.warnings.some((d) => d.file?.includes("loose-link.md"))).toBe(true);
    expect(routes(baseline)).toContain("/carta-frontend/api/next/.-models/interface/Workspace");

    write(site, "viewer/src/models/generated.ts", `export const nested = ${"(".repeat(DEPTH)}1${")".repeat(DEPTH)};\n`);
    fs.appendFileSync(path.join(site, "viewer/src/models/index.ts"), 'export * from "./generated";\n');
    const crashed = await check(site);

    const typedoc = crashed.errors.filter((d) => d.code === "typedoc");
    expect(typedoc).toHaveLength(1);
    expect(typedoc[0]!.message).toMatch(/^API next: TypeDoc failed on the working tree while parsing src\/models\/generated\.ts: Maximum call stack size exceeded/);
    expect(typedoc[0]!.file).toBe(path.join("viewer", "src", "models", "generated.ts"));
    // Nothing links to next's missing API: the other versions' API dropdowns lead to next's docs instead.
    expect(crashed.errors.filter((d) => d.code !== "typedoc").map((d) => d.message)).toEqual([]);
    const olderApi = crashed.pages.find((page) => page.route === "/carta-frontend/api/1.0.0")!;
    expect(olderApi.versionTargets?.find((t) => t.version.name === "current")).toMatchObject({ href: "/carta-frontend/docs/next", samePage: false });
    // Every diagnostic of the good build about anything but next's API is still reported.
    const kept = describeAll(baseline).filter((line) => !line.includes(": API next: "));
    expect(kept.length).toBeGreaterThanOrEqual(3);
    expect(describeAll(crashed)).toEqual(expect.arrayContaining(kept));
    // Only next's API pages are missing: its docs, and the docs and API of the other versions, are built.
    const missing = routes(baseline).filter((route) => !routes(crashed).includes(route));
    expect(missing.length).toBeGreaterThan(10);
    expect(missing.every((route) => route.startsWith("/carta-frontend/api/next"))).toBe(true);
    expect(routes(crashed)).toEqual(expect.arrayContaining(["/carta-frontend/api", "/carta-frontend/api/1.0.0", "/carta-frontend/docs/next/guide/loose-link", "/carta-frontend/docs/1.0.0"]));

    // The failed conversion was not cached: once the file is fixed, next converts again.
    write(site, "viewer/src/models/generated.ts", "export function nested(): number {\n  return 1;\n}\n");
    const fixed = await check(site);
    expect(fixed.errors).toEqual([]);
    expect(routes(fixed)).toContain("/carta-frontend/api/next/.-models/function/nested");
  }, 60_000);
});
