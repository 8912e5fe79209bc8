/** `carta-docs init`: a minimal site that builds clean, and a refusal that leaves the folder as it was. */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { titleFromFolder } from "../../cli/init/initSite.ts";
import { BIN, cleanTemp, ROOT, runCli, snapshotTree, tempDir, write } from "../helpers/site.ts";

afterAll(cleanTemp);

/** A folder where `import ... from "carta-docs"` finds this checkout, as an installed package would be found. */
function projectWithCartaDocs(): string {
  const project = tempDir();
  fs.mkdirSync(path.join(project, "node_modules"));
  fs.symlinkSync(ROOT, path.join(project, "node_modules/carta-docs"), "dir");
  return project;
}

describe("carta-docs init", () => {
  it("writes a config, one doc and a sidebar that build with 0 errors and 0 warnings", () => {
    const project = projectWithCartaDocs();
    const init = runCli(["init", "my-docs"], project);
    expect(init.status, init.stderr).toBe(0);
    const site = path.join(project, "my-docs");
    expect(Object.keys(snapshotTree(site)).sort()).toEqual(["content/docs/intro.md", "content/sidebars.json", "site.config.ts"]);
    expect(fs.readFileSync(path.join(site, "site.config.ts"), "utf8")).toMatch(/defineConfig\(\{\n {2}title: "My Docs",\n\}\)/);
    const built = runCli(["build"], site);
    expect(built.status, built.stderr).toBe(0);
    expect(built.stderr).toMatch(/0 errors, 0 warnings; 4 pages/);
    const home = fs.readFileSync(path.join(site, "build/index.html"), "utf8");
    expect(home).toMatch(/href="\/docs" data-home-link="docs"/);
    expect(home).not.toContain('data-home-link="api"');
    expect(fs.readFileSync(path.join(site, "build/404.html"), "utf8")).toContain('<a href="/docs">documentation</a>');
  }, 60_000);

  it("links the home and 404 pages to the first doc when no doc is served at the docs root", () => {
    const project = projectWithCartaDocs();
    expect(runCli(["init"], project).status).toBe(0);
    const intro = path.join(project, "content/docs/intro.md");
    fs.writeFileSync(intro, fs.readFileSync(intro, "utf8").replace("slug: /\n", "title: Introduction\n"));
    const built = runCli(["build"], project);
    expect(built.status, built.stderr).toBe(0);
    expect(built.stderr).toMatch(/0 errors, 0 warnings/);
    expect(fs.readFileSync(path.join(project, "build/index.html"), "utf8")).toMatch(/href="\/docs\/intro" data-home-link="docs"/);
  }, 60_000);

  it("refuses a folder that already has a site, and changes nothing there", () => {
    const dir = tempDir();
    write(dir, "content/sidebars.json", "{}\n");
    write(dir, "notes.txt", "mine\n");
    const before = snapshotTree(dir);
    const result = runCli(["init", "."], dir);
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe("carta-docs init: . already has content/sidebars.json; init writes only into a folder without a site (choose another folder, or remove them)");
    expect(snapshotTree(dir)).toEqual(before);
    expect(fs.readdirSync(path.dirname(dir)).filter((n) => n.startsWith(".carta-docs-init-"))).toEqual([]);
  });

  it("refuses a folder whose only site file is a site.config.ts, and leaves it as it was", () => {
    const dir = tempDir();
    write(dir, "site.config.ts", "export default { title: \"Mine\" };\n");
    const before = snapshotTree(dir);
    const result = runCli(["init", "."], dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("already has site.config.ts; init writes only into a folder without a site");
    expect(snapshotTree(dir)).toEqual(before);
  });

  it("makes folders as the umask says (not mode 0700), so another user, a web server or a CI container can read the site", () => {
    const project = tempDir();
    fs.chmodSync(project, 0o755);
    // The child's umask: 022 gives folders of mode 0755.
    const init = spawnSync("sh", ["-c", `umask 022 && exec "${process.execPath}" "${BIN}" init my-docs`], { cwd: project, encoding: "utf8" });
    expect(init.status, init.stderr).toBe(0);
    for (const rel of ["my-docs", "my-docs/content", "my-docs/content/docs"]) expect((fs.statSync(path.join(project, rel)).mode & 0o777).toString(8), rel).toBe("755");
    expect(fs.readdirSync(project)).toEqual(["my-docs"]);
  });

  it("takes the site's title from the folder's name", () => {
    expect(titleFromFolder("/x/my-docs")).toBe("My Docs");
    expect(titleFromFolder("/x/widget_lib.site")).toBe("Widget Lib Site");
  });
});
