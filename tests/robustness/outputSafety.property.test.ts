/**
 * Property tests of "nothing written outside the output" (issue 27): random slugs, `docs.routeBasePath`
 * values and image paths go through a real build of a small site. Whatever they are, the build never throws
 * (exit 0, or exit 1 with errors), never changes a file outside its output folder (a checksum of the whole
 * temporary tree, and the place a slug aims at outside it), and a failed build leaves the previous output
 * byte for byte. Seeded, so a failure is reproducible from the printed seed and path.
 */
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../helpers/buildCommand.ts";
import { cleanTemp, tempDir, treeChecksum, write } from "../helpers/site.ts";
import { aimedAt, inPlace, PNG, writeWorkspace } from "./gateWorkspace.ts";

let ws: string;
let site: string;
/** Inputs built, over every property: the number the closing note of issue 27 asks for. */
let inputsRun = 0;

beforeAll(async () => {
  ws = tempDir("carta-docs-gate-prop-");
  site = writeWorkspace(ws);
  write(site, "content/docs/real.png", PNG);
  write(site, "content/docs/fake.png", "not a picture\n");
  fs.mkdirSync(path.join(site, "content/docs/folder.png"));
  expect((await build(site)).status).toBe(0);
}, 60_000);

afterAll(() => {
  console.log(`output safety properties: ${inputsRun} generated inputs built, none wrote outside its output`);
  cleanTemp();
});

/** A place outside the temporary tree that some generated paths aim at: nothing may appear there. */
const aim = aimedAt();

/**
 * Builds after `change` wrote its input, and checks the properties: exit 0 or 1 (with errors), nothing outside
 * the output changed, and on failure the previous output unchanged.
 */
async function buildHolds(change: () => void): Promise<void> {
  change();
  const before = treeChecksum(ws);
  const { status, report } = await build(site);
  inputsRun++;
  const after = treeChecksum(ws);
  expect([0, 1]).toContain(status);
  if (status === 1) {
    expect(report.errors.length).toBeGreaterThan(0);
    expect(inPlace(after, "output")).toEqual(inPlace(before, "output"));
  }
  expect(inPlace(after, "elsewhere")).toEqual(inPlace(before, "elsewhere"));
  for (const file of aim.files) expect(fs.existsSync(file), file).toBe(false);
}

/** Path segments an attacker or a careless author writes, and random unicode (no NUL: a file cannot hold one). */
const segment = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("..", ".", "%2e%2e", "%2E.", ".%2e", "..\\..", "\\", "...", "", " ", "guide", "README", "content", "docs", "sibling", "tmp", "x.md", "é", "漢字", "~") },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 6 }).filter((s) => !s.includes("\0") && !s.includes("%")) },
);
const routePath = fc.tuple(fc.boolean(), fc.array(segment, { minLength: 1, maxLength: 8 })).map(([absolute, segments]) => `${absolute ? "/" : ""}${segments.join("/")}`);

describe("random routes and image paths never leave the output", () => {
  it("front matter slugs", async () => {
    const slug = fc.oneof({ weight: 5, arbitrary: routePath }, { weight: 1, arbitrary: fc.constant(aim.slugPath) });
    await fc.assert(
      fc.asyncProperty(slug, fc.constantFrom("content/docs/fuzz.md", "content/docs/guide/fuzz.md"), async (value, file) => {
        await buildHolds(() => {
          for (const other of ["content/docs/fuzz.md", "content/docs/guide/fuzz.md"]) fs.rmSync(path.join(site, other), { force: true });
          write(site, file, `---\nslug: ${JSON.stringify(value)}\n---\n\n# Fuzzed\n`);
        });
      }),
      { numRuns: 30, seed: 20261125 },
    );
    for (const file of ["content/docs/fuzz.md", "content/docs/guide/fuzz.md"]) fs.rmSync(path.join(site, file), { force: true });
  }, 180_000);

  it("docs.routeBasePath", async () => {
    const value = fc.oneof(routePath, fc.constantFrom("../../escape", "/", "", "guide/v1", aim.slugPath));
    await fc.assert(
      fc.asyncProperty(value, async (routeBasePath) => {
        await buildHolds(() => writeWorkspace(ws, { docs: { routeBasePath } }));
      }),
      { numRuns: 12, seed: 20261126 },
    );
    writeWorkspace(ws);
  }, 180_000);

  it("image paths", async () => {
    const known = fc.constantFrom("../.env", "../../.env", "../../site.config.ts", "../../README.md", "../../site.png", "./real.png", "real.png#top", "./fake.png", "./folder.png", "../../../sibling/notes.md", "/etc/hostname", "%2e%2e/%2e%2e/.env", "..\\..\\.env", "./guide", ".");
    const src = fc.oneof(known, fc.tuple(fc.array(fc.constantFrom("..", ".", "guide", "docs", "content", "%2e%2e"), { maxLength: 6 }), known).map(([up, rest]) => [...up, rest].join("/")));
    await fc.assert(
      fc.asyncProperty(src, async (image) => {
        await buildHolds(() => write(site, "content/docs/pictures.md", `# Pictures\n\n![x](${image})\n`));
      }),
      { numRuns: 25, seed: 20261127 },
    );
  }, 180_000);
});
