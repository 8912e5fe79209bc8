/**
 * Watch mode builds a save that lands while a rebuild runs. The site's doc template holds the rendering of a
 * page that asks for it until the test lets it go, so the running rebuild has read the doc before the second
 * save and cannot show it: only a rebuild after it can, and the served page must end with it.
 */
import path from "node:path";
import fs from "node:fs";
import { watch } from "chokidar";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWatch, type RebuildEvent, type WatchHandle } from "../../cli/watch/index.ts";
import { cleanTemp, copyFixtureSite, read, ROOT, tempDir, write } from "../helpers/site.ts";

const ADVANCED = "content/docs/guide/advanced.md";
const ROUTE = "/carta-frontend/docs/next/guide/advanced";

let site: string;
/** Outside the site, so the watcher never sees them: "rendering" when a held render began, "release" to end it. */
let signals: string;
let handle: WatchHandle;

/** The built-in doc template, but a page holding "holdword" waits for the release file before it renders. */
const holdingTemplate = (signalDir: string) => `import fs from "node:fs";
import DocTemplate from ${JSON.stringify(path.join(ROOT, "templates/doc.tsx"))};

export default function HeldDoc(props) {
  const release = ${JSON.stringify(path.join(signalDir, "release"))};
  if (props.page.html.includes("holdword") && !fs.existsSync(release)) {
    fs.writeFileSync(${JSON.stringify(path.join(signalDir, "rendering"))}, "");
    const pause = new Int32Array(new SharedArrayBuffer(4));
    while (!fs.existsSync(release)) Atomics.wait(pause, 0, 0, 20);
  }
  return DocTemplate(props);
}
`;

beforeAll(async () => {
  site = copyFixtureSite();
  signals = tempDir();
  write(site, "site.config.ts", read(site, "site.config.ts").replace("export default {", 'export default {\n  templatesDir: "templates",'));
  write(site, "templates/doc.tsx", holdingTemplate(signals));
  handle = await startWatch({ config: path.join(site, "site.config.ts"), port: 0 });
}, 60_000);

afterAll(async () => {
  fs.writeFileSync(path.join(signals, "release"), "");
  await handle?.close();
  cleanTemp();
});

/** Polls until `check` holds; the limit only turns a hang (a save never built) into a failure. */
async function eventually(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  for (let waited = 0; !(await check()); waited += 50) {
    if (waited > 30_000) throw new Error(`never happened: ${what}`);
    await sleep(50);
  }
}

describe("a save while watch mode rebuilds", () => {
  it("is built once the running rebuild ends, and served", async () => {
    expect(handle.firstBuild.ok).toBe(true);
    const rebuilds: RebuildEvent[] = [];
    handle.events.on("rebuild", (event) => rebuilds.push(event));
    const file = path.join(site, ADVANCED);

    write(site, ADVANCED, read(site, ADVANCED).replace("zanzibarnext", "holdword firstsaveword"));
    await eventually("the rebuild of the first save renders the page", () => fs.existsSync(path.join(signals, "rendering")));
    // The second save, while that rebuild is held; let go once this process has seen it change (as the session's
    // watcher, in the same process, does).
    const seen = watch(file, { ignoreInitial: true });
    try {
      const changed = new Promise((resolve) => seen.once("change", resolve));
      await new Promise<void>((resolve) => seen.once("ready", () => resolve()));
      write(site, ADVANCED, read(site, ADVANCED).replace("firstsaveword", "secondsaveword"));
      await changed;
    } finally {
      await seen.close();
    }
    await sleep(100); // the session's batch delay (10 ms) and then some: the save is queued behind the held rebuild
    expect(rebuilds).toEqual([]);
    fs.writeFileSync(path.join(signals, "release"), "");

    await eventually("a rebuild after the held one", () => rebuilds.length >= 2);
    expect(rebuilds[0]).toMatchObject({ ok: true, changes: [file] });
    expect(rebuilds[1]).toMatchObject({ ok: true, changes: [file] });
    expect(await (await fetch(new URL(ROUTE, handle.url))).text()).toContain("secondsaveword");
  }, 60_000);
});
