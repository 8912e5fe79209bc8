/**
 * Watch mode survives what file systems and editors do to it: a burst of 500 new files and their removal,
 * a content folder deleted and recreated, an editor's atomic save (write a temporary file, rename it
 * over the page), and the whole content/ folder moved away and back. Each ends with a good rebuild that the still-answering server shows.
 */
import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serve, type RebuildEvent, type WatchHandle } from "../../cli/index.ts";
import { cleanTemp, copyFixtureSite, FIXTURE_SITE, read } from "../helpers/site.ts";

const BURST = 500;

let site: string;
let handle: WatchHandle;
let last: RebuildEvent;
let rebuilds = 0;

const fetchRoute = (route: string) => fetch(new URL(route, handle.url));
const pageText = async (route: string) => {
  const response = await fetchRoute(route);
  return response.ok ? response.text() : `${response.status}`;
};

/** Polls `check` until it holds; the time limit only turns a hang into a failure. */
async function eventually(what: string, check: () => Promise<boolean>, limitMs = 40_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`watch mode never reached: ${what} (last rebuild: ${JSON.stringify({ ok: last.ok, pages: last.pages, errors: last.errors.slice(0, 3) })})`);
    await sleep(100);
  }
}

beforeAll(async () => {
  site = copyFixtureSite();
  handle = await serve({ watch: true, config: path.join(site, "site.config.ts"), port: 0 });
  last = handle.firstBuild;
  handle.events.on("rebuild", (event) => {
    last = event;
    rebuilds++;
  });
}, 60_000);

afterAll(async () => {
  await handle?.close();
  cleanTemp();
});

describe("watch mode under file system stress", () => {
  it("rebuilds after 500 files appear at once and again after they are deleted, serving throughout", async () => {
    const pages = handle.firstBuild.pages;
    expect(handle.firstBuild.ok).toBe(true);
    const burst = path.join(site, "content/docs/burst");
    fs.mkdirSync(burst);
    for (let i = 0; i < BURST; i++) fs.writeFileSync(path.join(burst, `page-${i}.md`), `# Burst page ${i}\n\nWord burstword${i}.\n`);

    await eventually("a good rebuild with the 500 new pages", async () => last.ok && last.pages === pages + BURST);
    expect(await pageText(`/carta-frontend/docs/next/burst/page-${BURST - 1}`)).toContain(`burstword${BURST - 1}`);

    fs.rmSync(burst, { recursive: true });
    await eventually("a good rebuild without them", async () => last.ok && last.pages === pages);
    expect((await fetchRoute("/carta-frontend/docs/next/burst/page-0")).status).toBe(404);
    expect(await pageText("/carta-frontend/docs/next/guide/advanced")).toContain("zanzibarnext");
  }, 60_000);

  it("keeps running while content/docs/guide is deleted, and recovers when it is back", async () => {
    const guide = path.join(site, "content/docs/guide");
    const firstSteps = "/carta-frontend/docs/next/guide/first-steps";
    const beforeDeletion = rebuilds;
    fs.rmSync(guide, { recursive: true });
    // The build may pass (the guide's pages are gone) or fail (the last good site stays served); either way
    // it ends, and the server answers.
    await eventually("a rebuild that saw the deletion", async () => rebuilds > beforeDeletion && (await fetchRoute(firstSteps)).status === (last.ok ? 404 : 200));
    expect((await fetchRoute("/carta-frontend/")).status).toBe(200);

    const beforeRestore = rebuilds;
    fs.cpSync(path.join(FIXTURE_SITE, "content/docs/guide"), guide, { recursive: true });
    await eventually("a good rebuild with the guide back", async () => rebuilds > beforeRestore && last.ok && (await fetchRoute(firstSteps)).status === 200);
    expect(await pageText("/carta-frontend/docs/next/guide/advanced")).toContain("zanzibarnext");
  }, 60_000);

  it("picks up an editor's atomic save (write x.md.tmp, rename it over x.md)", async () => {
    const file = path.join(site, "content/docs/guide/advanced.md");
    fs.writeFileSync(`${file}.tmp`, read(site, "content/docs/guide/advanced.md").replace("zanzibarnext", "axolotlnext"));
    fs.renameSync(`${file}.tmp`, file);
    await eventually("the saved text served", async () => (await pageText("/carta-frontend/docs/next/guide/advanced")).includes("axolotlnext"));
    expect(last.ok).toBe(true);
    expect(fs.existsSync(`${file}.tmp`)).toBe(false);
  }, 60_000);

  it("reports content/ moved away, keeps serving, and builds edits again once it is back", async () => {
    const content = path.join(site, "content");
    const advanced = "/carta-frontend/docs/next/guide/advanced";
    const served = await pageText(advanced);
    const beforeMove = rebuilds;
    fs.renameSync(content, `${content}-away`);
    await eventually("a failed rebuild naming the missing content", async () => rebuilds > beforeMove && !last.ok);
    expect(last.errors.map((e) => `${e.file ?? ""} ${e.message}`).join("\n")).toMatch(/content/);
    expect(await pageText(advanced)).toBe(served);

    const beforeReturn = rebuilds;
    fs.renameSync(`${content}-away`, content);
    await eventually("a good rebuild with content/ back", async () => rebuilds > beforeReturn && last.ok);
    // The session watches the folder that came back: an edit in it is built and served.
    const file = path.join(content, "docs/guide/advanced.md");
    fs.appendFileSync(file, "\nBack from the move: pangolinword.\n");
    await eventually("the edit made after the return served", async () => (await pageText(advanced)).includes("pangolinword"));
    expect(last.ok).toBe(true);
  }, 60_000);
});
