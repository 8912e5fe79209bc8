/** docs/architecture.md shows the rooms as the imports and .dependency-cruiser.cjs make them (scripts/architecture.ts). */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { ARCHITECTURE_PAGE, architecturePage, architectureRooms } from "../../scripts/architecture.ts";

describe("the architecture page", () => {
  it("draws the rooms the code has (run `npm run architecture` after moving a module or an import between rooms)", async () => {
    const page = fs.readFileSync(ARCHITECTURE_PAGE, "utf8");
    const rooms = await architectureRooms();
    expect(page).toBe(architecturePage(page, rooms));
    // The drawing is of this code base: every room of cli/ appears, each with the modules it holds.
    for (const room of fs.readdirSync("cli", { withFileTypes: true }).filter((e) => e.isDirectory())) {
      const modules = fs.readdirSync(`cli/${room.name}`).filter((f) => /\.tsx?$/.test(f));
      const row = rooms.split("\n").find((line) => line.startsWith("| ") && line.includes(`| \`${room.name}\` |`));
      expect(row, `cli/${room.name}`).toBeDefined();
      for (const module of modules) expect(row).toContain(module.replace(/\.tsx?$/, ""));
    }
  }, 60_000);

  it("refuses a page without its generated part", () => {
    expect(() => architecturePage("# Architecture\n", "x")).toThrow(/no rooms part/);
  });
});
