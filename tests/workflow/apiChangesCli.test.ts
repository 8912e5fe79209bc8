/**
 * `carta-docs version` lists the docs of the version it supersedes whose `api:` links point at API the new
 * version changed: the pages to revisit. The viewer's working tree (the new version's snapshot) changes
 * scale2D and leaves tileKey alone (tests/api/changingViewer.ts); the superseded 2.0.0 comes from its tag.
 */
import { afterAll, describe, expect, it } from "vitest";
import { siteWithChangingViewer } from "../api/changingViewer.ts";
import { cleanTemp, runCli } from "../helpers/site.ts";

afterAll(cleanTemp);

describe("version: docs that link to changed API", () => {
  it("prints the superseded version's links to API the new version changed, with file and line", () => {
    const site = siteWithChangingViewer();
    const result = runCli(["version", "3.0.0"], site);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toContain("1 API link(s) in the docs of 2.0.0 point at API that changed in 3.0.0");
    expect(result.stderr).toMatch(/content\/versioned_docs\/version-2\.0\.0\/intro\.md:\d+ API link "api:scale2D": scale2D was changed in 3\.0\.0 \(signature, parameters\)/);
    expect(result.stderr).not.toContain("tileKey was");
  }, 180_000);
});

describe("api-diff", () => {
  const site = siteWithChangingViewer();

  it("prints the changes between two versions as JSON, with counts per kind", () => {
    const result = runCli(["api-diff", "1.0.0", "2.0.0", "--format", "json"], site);
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as { from: string; to: string; counts: unknown; items: { name: string; change: string }[] };
    expect(report).toMatchObject({ from: "1.0.0", to: "2.0.0", counts: { items: { added: 1, removed: 1, changed: 1, moved: 1 }, members: { added: 1, removed: 1, changed: 3 } } });
    expect(report.items.map((i) => `${i.change} ${i.name}`).sort()).toEqual(["added distance2D", "changed AppStore", "moved tileKey", "removed midpoint2D"]);
    expect(result.stderr).toMatch(/1\.0\.0 → 2\.0\.0: items: 1 added, 1 removed, 1 changed, 1 moved; members: 1 added, 1 removed, 0 renamed, 3 changed; diff [\d.]+ ms/);
  }, 120_000);

  it("prints markdown for release notes: sections by area, links to the pages, signatures as diff blocks", () => {
    const result = runCli(["api-diff", "2.0.0", "next", "--format", "markdown"], site);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain("## API changes from 2.0.0 to next");
    expect(result.stdout).toContain("### utilities");
    expect(result.stdout).toContain("- **Changed** function [`scale2D`](https://example.org/carta-frontend/api/next/.-utilities/function/scale2D): parameters");
    expect(result.stdout).toContain("  ```diff\n  - function scale2D(p: Point2D, factor?: number): Point2D\n  + function scale2D(p: Point2D, factor: number): Point2D\n  ```");
    expect(result.stdout).toContain("- **Removed** class [`TileCoordinate`](https://example.org/carta-frontend/api/.-utilities/class/TileCoordinate)");
    expect(result.stdout).toContain('  - Added `THZ`\n    ```diff\n    + THZ = "THz"\n    ```');
  }, 120_000);

  it("prints text by default", () => {
    const result = runCli(["api-diff", "1.0.0", "2.0.0"], site);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain("  > function tileKey: moved (from utilities)");
    expect(result.stdout).toContain("      ~ openFile: changed: parameters\n          - openFile(directory: string, file: string, hdu?: string): Promise<FrameStore | undefined>\n          + openFile(directory: string, file: string, hdu: string, append?: boolean): Promise<FrameStore | undefined>");
  }, 120_000);

  it("refuses an unknown version, naming the valid ones, with exit code 1", () => {
    const result = runCli(["api-diff", "1.0.0", "9.9.9"], site);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('there is no docs version "9.9.9"; the versions are next, 2.0.0, 1.0.0');
    expect(result.stdout).toBe("");
  });
});
