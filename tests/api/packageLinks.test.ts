/** The links that let a git ref extracted into the site's cache resolve its packages as the checkout does. */
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { copyPlace, linkPackages } from "../../cli/api/packageLinks.ts";
import { cleanTemp, tempDir } from "../helpers/site.ts";

afterAll(cleanTemp);

/** A workspace with hoisted packages, holding a repository whose viewer lies in `app/` with packages of its own. */
function workspace(): { root: string; repo: string } {
  const root = tempDir("carta-docs-links-");
  const repo = path.join(root, "ws", "repo");
  for (const dir of [path.join(root, "ws", "node_modules"), path.join(repo, "app", "node_modules"), path.join(repo, "app", "src")]) fs.mkdirSync(dir, { recursive: true });
  return { root, repo };
}

describe("packageLinks", () => {
  it("places the copy as deep as the highest node_modules above the repository, and links each where the checkout has it", async () => {
    const { root, repo } = workspace();
    expect(await copyPlace(repo)).toBe("repo");
    const top = path.join(root, "cache", "commit");
    const copy = path.join(top, "repo");
    fs.mkdirSync(path.join(copy, "app", "src"), { recursive: true });
    await linkPackages(repo, "app/", copy, top);
    expect(fs.readlinkSync(path.join(copy, "app", "node_modules"))).toBe(path.join(repo, "app", "node_modules"));
    expect(fs.readlinkSync(path.join(top, "node_modules"))).toBe(path.join(root, "ws", "node_modules"));
    // Nothing at the repository's root, which has no node_modules, nor above the commit's folder.
    expect(fs.existsSync(path.join(copy, "node_modules"))).toBe(false);
    expect(fs.readdirSync(path.join(root, "cache"))).toEqual(["commit"]);
  });

  it("makes the links again for a checkout that moved (a cache restored into a clone elsewhere), and drops those with no target now", async () => {
    const { root, repo } = workspace();
    const top = path.join(root, "cache", "commit");
    const copy = path.join(top, "repo");
    fs.mkdirSync(path.join(copy, "app"), { recursive: true });
    fs.symlinkSync("/elsewhere/app/node_modules", path.join(copy, "app", "node_modules"));
    fs.symlinkSync("/elsewhere/node_modules", path.join(copy, "node_modules"));
    await linkPackages(repo, "app/", copy, top);
    expect(fs.readlinkSync(path.join(copy, "app", "node_modules"))).toBe(path.join(repo, "app", "node_modules"));
    expect(fs.existsSync(path.join(copy, "node_modules"))).toBe(false);
    expect(fs.lstatSync(path.join(copy, "node_modules"), { throwIfNoEntry: false })).toBeUndefined();
  });
});
