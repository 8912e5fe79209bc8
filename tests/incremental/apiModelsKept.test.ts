/**
 * A build store keeps each version's API model (cli/pipeline/apiStage.ts): an edit of a doc builds no model again
 * (loadApi, which logs a line per version it loads, is not called), while any change to the viewer's files makes the
 * models from code again, and the API pages show it.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runBuild } from "../../cli/pipeline/upToDate.ts";
import { cleanTemp, read, tempDir, write } from "../helpers/site.ts";
import { APP_STORE, siteBesideViewer } from "../helpers/apiSite.ts";

afterAll(cleanTemp);

/** A build of `site` (as the command line runs it) and the versions whose API it loaded. */
async function build(site: string): Promise<{ ran: boolean; loaded: string[]; errors: string[] }> {
  const log: string[] = [];
  const outcome = await runBuild({ config: path.join(site, "site.config.ts"), write: true, incremental: true, log: (line) => log.push(line) });
  return {
    ran: outcome.result !== undefined,
    loaded: log.filter((line) => /^API \S+: /.test(line) && !line.includes("changes")),
    errors: outcome.report.diagnostics.filter((d) => d.severity === "error").map((d) => d.message),
  };
}

/** Whether a page of the output holds `text`. */
const anyPageHolds = (site: string, text: string) =>
  fs
    .readdirSync(path.join(site, "build"), { recursive: true, encoding: "utf8" })
    .some((rel) => rel.endsWith(".html") && read(site, path.join("build", rel)).includes(text));

const appStorePage = (site: string) => {
  const page = fs.readdirSync(path.join(site, "build"), { recursive: true, encoding: "utf8" }).find((rel) => rel.endsWith("AppStore.html"));
  return read(site, path.join("build", page!));
};

describe("the API models a build store keeps", () => {
  it("are not built again for a doc's edit, and are for a change of the viewer's files", async () => {
    const root = tempDir("carta-docs-api-kept-");
    const site = siteBesideViewer(root);
    const cold = await build(site);
    expect(cold.errors).toEqual([]);
    expect(cold.loaded.length, "the cold build loads the API").toBeGreaterThan(0);

    write(site, "content/docs/intro.md", "---\nslug: /\n---\n# Intro\n\nSee [openFile](api:AppStore#openFile) to begin.\n");
    const edit = await build(site);
    expect(edit.ran).toBe(true);
    expect(edit.errors).toEqual([]);
    expect(edit.loaded, "a doc's edit loads no API").toEqual([]);
    expect(anyPageHolds(site, "to begin."), "the doc's page shows the edit").toBe(true);
    expect(appStorePage(site)).toContain("Opens a file.");

    // A source file of the viewer changes: the models made from code are made again.
    write(root, "viewer/src/stores/AppStore.ts", APP_STORE.replace("Opens a file.", "Opens a file by name."));
    const viewerEdit = await build(site);
    expect(viewerEdit.errors).toEqual([]);
    expect(viewerEdit.loaded.length, "a viewer edit loads the API again").toBeGreaterThan(0);
    expect(appStorePage(site)).toContain("Opens a file by name.");

    write(site, "content/docs/intro.md", "---\nslug: /\n---\n# Intro\n\nSee [openFile](api:AppStore#openFile) first.\n");
    const again = await build(site);
    expect(again.loaded).toEqual([]);
    expect(appStorePage(site)).toContain("Opens a file by name.");
  }, 120_000);
});
