/**
 * The names the code-snippet tutorials use are listed per version, with where each was read in the real viewer
 * (tests/fixtures/snippet-names.json): a page may use only names its version's list has, and the sample viewer's
 * state of that version must have every listed name, so a tutorial cannot drift to a name of another version.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../cli/config/load.ts";
import { versionSnippetSettings } from "../../cli/snippets/index.ts";
import { builtinNames, sampleNames, tutorialNames, TUTORIAL_DIRS, type NameUse } from "../helpers/snippetNames.ts";
import { ROOT } from "../helpers/site.ts";

interface Entry {
  path: string;
  commit: string | null;
  note?: string;
  global?: boolean;
  outside?: string;
}
const table = JSON.parse(readFileSync(path.join(ROOT, "tests/fixtures/snippet-names.json"), "utf8")) as { sources: Record<string, string>; versions: Record<string, Record<string, Entry>> };
const VERSIONS = Object.keys(TUTORIAL_DIRS);

/** The uses of names that `listed` lacks, as `file:line name`. */
function unlisted(uses: NameUse[], listed: Record<string, Entry>): string[] {
  const builtins = builtinNames();
  return uses.filter((use) => !builtins.has(use.name) && !(use.name in listed)).map((use) => `${use.file}:${use.line} ${use.name}`);
}

describe("names of the code-snippet tutorials, per version", () => {
  const uses = new Map<string, NameUse[]>();
  let globals: Map<string, string[]>;
  beforeAll(async () => {
    for (const version of VERSIONS) uses.set(version, tutorialNames(version));
    const config = await loadConfig(path.join(ROOT, "site.config.ts"));
    globals = new Map(VERSIONS.map((version) => [version, Object.keys(versionSnippetSettings(config.api!.snippets, version).globals)]));
    builtinNames(); // parses TypeScript's libraries once
  }, 60_000);

  it.each(VERSIONS)("%s: every name its pages use is in its list", (version) => {
    expect(uses.get(version)!.length).toBeGreaterThan(100);
    expect(unlisted(uses.get(version)!, table.versions[version]!)).toEqual([]);
  });

  it.each(VERSIONS)("%s: the sample viewer's state of the version has every listed name", (version) => {
    const names = sampleNames(version);
    const lacking = Object.entries(table.versions[version]!).filter(([name, entry]) => !entry.global && !entry.outside && !names.has(name));
    expect(lacking.map(([name]) => name)).toEqual([]);
  });

  it.each(VERSIONS)("%s: the listed globals are the ones its snippets are configured to see", (version) => {
    const listed = Object.entries(table.versions[version]!).filter(([, entry]) => entry.global).map(([name]) => name);
    expect(listed.every((name) => globals.get(version)!.includes(name))).toBe(true);
  });

  it("names the real file and commit of every listed name", () => {
    for (const entries of Object.values(table.versions)) {
      for (const entry of Object.values(entries)) {
        expect(entry.path.length).toBeGreaterThan(0);
        if (!entry.outside) expect(entry.commit).toMatch(/^[0-9a-f]{10}([0-9a-f]{30})?$/);
        if (entry.commit) expect(Object.keys(table.sources)).toContain(entry.commit);
      }
    }
  });

  it("fails a page that uses a name of another version: 4.1.0's list lacks next's setActiveImageById", () => {
    const use = { name: "setActiveImageById", file: "content/versioned_docs/version-4.1.0/code-snippet-tutorial/quick-start.md", line: 7 };
    expect(unlisted([use], table.versions["4.1.0"]!)).toEqual([`${use.file}:7 setActiveImageById`]);
    expect(unlisted([use], table.versions.next!)).toEqual([]);
  });
});
