/**
 * Renamed members: the sample viewer's 4.1.0 → 5.0.0 renames (its API snapshots) found by declaration, and renames
 * only the tutorials can tell apart, found by where they use the old and the new name.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { countChanges, diffApi, renameKey, type ApiDiff, type ApiMemberChange } from "../../cli/api/diff.ts";
import { formatApiDiff } from "../../cli/api/diffReport.ts";
import { loadProject } from "../../cli/api/loadProject.ts";
import type { ApiVersionModel } from "../../cli/api/model.ts";
import { changesWithUses, reportedUses } from "../../cli/pages/apiUsage.ts";
import type { VersionUses } from "../../cli/snippets/apiUses.ts";
import { ROOT } from "../helpers/site.ts";
import { API_SETTINGS } from "./helpers.ts";

function sample(version: string): ApiVersionModel {
  const file = path.join(ROOT, `examples/viewer/versions/version-${version}/api-typedoc.json`);
  return loadProject(JSON.parse(readFileSync(file, "utf8")), { version, file, api: API_SETTINGS, isExample: true, sourceLabel: version, repoPrefix: "", warn: () => {} });
}

const membersOf = (diff: ApiDiff, item: string): Record<string, ApiMemberChange> =>
  Object.fromEntries(diff.items.find((i) => i.name === item)!.members.map((m) => [m.before && m.change !== "renamed" ? m.before.name : m.name, m]));

describe("renamed members between the sample's 4.1.0 and 5.0.0", () => {
  const diff = diffApi(sample("4.1.0"), sample("5.0.0"));

  it("pairs a removal with the addition declared the same but for the name, parameter names included", () => {
    const app = membersOf(diff, "AppStore");
    expect(app.updateActiveImageByFrame).toMatchObject({ change: "renamed", before: { name: "setActiveFrame", text: "setActiveFrame(frame: FrameStore): void" }, after: { text: "updateActiveImageByFrame(frame: FrameStore): void" } });
    expect(app.setActiveImageByFileId).toMatchObject({ change: "renamed", before: { name: "setActiveFrameById" } });
    expect(app.setActiveImageByIndex).toMatchObject({ change: "renamed", before: { name: "setActiveFrameByIndex" } });
    expect(Object.keys(app)).not.toContain("setActiveFrame");
    expect(countChanges(diff).members.renamed).toBe(3);
  });

  it("leaves a removal whose declaration no addition shares a removal", () => {
    const dialogs = membersOf(diff, "DialogStore");
    expect(dialogs.showFittingDialog).toMatchObject({ change: "removed" });
    expect(dialogs.showDialog).toMatchObject({ change: "added" });
  });

  it("reports a rename as old -> new in text, with the tutorial lines of the older version it breaks", () => {
    const older: VersionUses = {
      members: 1,
      usedMembers: 1,
      pages: [
        {
          file: "quick-start.md",
          id: "code-snippet-tutorial/quick-start",
          title: "Quick start",
          route: "/docs/4.1.0/quick-start",
          blocks: [{ code: "app.setActiveFrame(first);", section: { text: "Switch", id: "switch" }, uses: [{ line: 0, column: 4, length: 14, target: 0 }] }],
          targets: [{ location: ".-stores/class/AppStore#setActiveFrame", label: "AppStore.setActiveFrame", signature: "", member: true }],
        },
      ],
    };
    const { diff: shown, broken } = changesWithUses(diff, older, undefined, (location) => `/api/${location}`);
    expect(broken[".-stores/class/AppStore#setActiveFrame"]).toEqual([
      { site: expect.objectContaining({ line: "app.setActiveFrame(first);" }), replacements: [{ label: "AppStore.updateActiveImageByFrame", href: "/api/.-stores/class/AppStore#updateActiveImageByFrame" }], renamed: true },
    ]);
    const text = formatApiDiff({ diff: shown, counts: countChanges(shown), broken: reportedUses(broken, (route) => route) }, "text");
    expect(text).toContain("      % setActiveFrame -> updateActiveImageByFrame: renamed\n          - setActiveFrame(frame: FrameStore): void\n          + updateActiveImageByFrame(frame: FrameStore): void\n          used in Quick start › Switch: app.setActiveFrame(first); (renamed to AppStore.updateActiveImageByFrame)");
    const json = JSON.parse(formatApiDiff({ diff: shown, counts: countChanges(shown), broken: reportedUses(broken, (route) => `https://x.org${route}`) }, "json")) as { items: { name: string; members: { name: string; usedBy?: unknown }[] }[] };
    const renamed = json.items.find((i) => i.name === "AppStore")!.members.find((m) => m.name === "updateActiveImageByFrame");
    expect(renamed?.usedBy).toEqual([{ page: "Quick start", section: "Switch", url: "https://x.org/docs/4.1.0/quick-start#switch", line: "app.setActiveFrame(first);", replacements: [{ name: "AppStore.updateActiveImageByFrame", url: "https://x.org/api/.-stores/class/AppStore#updateActiveImageByFrame" }], renamed: true }]);
  });
});

describe("renameKey", () => {
  const side = (name: string, text: string) => ({ name, kind: "property" as const, location: `x#${name}`, text, deprecated: false });

  it("takes the name out as a whole word, so a keyword containing it stays", () => {
    expect(renameKey(side("read", "readonly read: string"))).toBe(renameKey(side("value", "readonly value: string")));
    expect(renameKey(side("read", "readonly read: string"))).not.toBe(renameKey(side("value", "value: string")));
    expect(renameKey(side("$id", "static $id: number"))).toBe(renameKey(side("key", "static key: number")));
  });
});

describe("renames only the tutorials tell apart", () => {
  // Two removals and two additions of one item, all `(): void`: declarations cannot pair them.
  const side = (name: string) => ({ name, kind: "method" as const, location: `.-stores/class/DialogStore#${name}`, text: `${name}(): void`, deprecated: false });
  const bare: ApiDiff = {
    from: "1.0.0",
    to: "2.0.0",
    items: [
      {
        change: "changed",
        name: "DialogStore",
        before: { name: "DialogStore", kind: "class", area: ".-stores", areaTitle: "Stores", location: ".-stores/class/DialogStore", text: "class DialogStore", deprecated: false },
        after: { name: "DialogStore", kind: "class", area: ".-stores", areaTitle: "Stores", location: ".-stores/class/DialogStore", text: "class DialogStore", deprecated: false },
        aspects: [],
        members: [
          { change: "removed", name: "openAbout", before: side("openAbout"), aspects: [] },
          { change: "removed", name: "openHelp", before: side("openHelp"), aspects: [] },
          { change: "added", name: "showAbout", after: side("showAbout"), aspects: [] },
          { change: "added", name: "showHelp", after: side("showHelp"), aspects: [] },
        ],
      },
    ],
  };
  /** Uses of `names`, one block each, under section `section` of one page. */
  const usesOf = (section: string, names: string[]): VersionUses => ({
    members: 4,
    usedMembers: names.length,
    pages: [
      {
        file: "dialogs.md",
        id: "dialogs",
        title: "Dialogs",
        route: "/docs/dialogs",
        blocks: names.map((name, target) => ({ code: `app.dialogStore.${name}();`, section: { text: section, id: section }, uses: [{ line: 0, column: 16, length: name.length, target }] })),
        targets: names.map((name) => ({ location: `.-stores/class/DialogStore#${name}`, label: `DialogStore.${name}`, signature: "", member: true })),
      },
    ],
  });

  it("pairs a removal with the one addition the newer tutorials use where the older used it", () => {
    const { diff } = changesWithUses(bare, usesOf("About", ["openAbout"]), usesOf("About", ["showAbout"]), (location) => location);
    const members = diff.items[0]!.members;
    expect(members.find((m) => m.name === "showAbout")).toMatchObject({ change: "renamed", before: { name: "openAbout" } });
    expect(members.filter((m) => m.change !== "renamed").map((m) => `${m.change} ${m.name}`)).toEqual(["removed openHelp", "added showHelp"]);
  });

  it("pairs nothing where the newer tutorials use both additions at that place, or none", () => {
    expect(changesWithUses(bare, usesOf("About", ["openAbout"]), usesOf("About", ["showAbout", "showHelp"]), (l) => l).diff).toBe(bare);
    expect(changesWithUses(bare, usesOf("About", ["openAbout"]), usesOf("Help", ["showAbout"]), (l) => l).diff).toBe(bare);
  });
});
