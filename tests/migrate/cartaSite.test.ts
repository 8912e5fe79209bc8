/**
 * The real CARTA docs_website (Docusaurus 3, docusaurus-plugin-typedoc-api, versions, <ApiLink>/<DocsIndexLink>)
 * migrates, the new site builds against the viewer checkout with no errors, and every route of the Docusaurus
 * build of the same site (tests/fixtures/carta-docusaurus.routes.txt) resolves in it. The checkout comes from
 * CARTA_FRONTEND_DIR; the 4.1.0 API snapshot the site lacks may be given as CARTA_DOCS_41_SNAPSHOT (else the API of
 * 4.1.0 comes from the checkout's tag v4.1.0). Skipped, saying why, without a checkout.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { build, CartaDocsError } from "../../cli/index.ts";
import { lostRoutes, migrate } from "../../cli/migrate/migrate.ts";
import { ROOT, cleanTemp, tempDir, treeChecksum } from "../helpers/site.ts";
import { routesList, unresolvedRoutes } from "./builtRoutes.ts";

const checkout = process.env.CARTA_FRONTEND_DIR;
const website = checkout && path.join(checkout, "docs_website");
const why = !checkout ? "CARTA_FRONTEND_DIR is not set" : !fs.existsSync(path.join(website!, "docusaurus.config.js")) ? `${website} has no docusaurus.config.js` : undefined;
if (why) console.warn(`tests/migrate/cartaSite.test.ts skipped: ${why} (set it to a carta-frontend checkout holding docs_website/)`);
const ROUTES = path.join(ROOT, "tests/fixtures/carta-docusaurus.routes.txt");

afterAll(cleanTemp);

describe.skipIf(why !== undefined)("migrate: CARTA's docs_website", () => {
  it("migrates, builds against the checkout with no errors, and keeps every route of the Docusaurus build", async () => {
    const work = tempDir("carta-docs-migrate-carta-");
    let from = website!;
    const snapshot = process.env.CARTA_DOCS_41_SNAPSHOT;
    if (snapshot) {
      // The site with the snapshot Docusaurus would have kept: a copy, since migrate's input is never written.
      from = path.join(work, "docs_website");
      fs.cpSync(website!, from, { recursive: true, filter: (file) => !file.includes(`${path.sep}node_modules`) });
      fs.copyFileSync(snapshot, path.join(from, "versioned_docs/version-4.1.0/api-typedoc.json"));
    }
    const before = treeChecksum(from);
    const out = path.join(work, "site");
    const result = await migrate({ from, out, viewer: checkout, check: false });
    expect(treeChecksum(from)).toEqual(before);
    const config = fs.readFileSync(path.join(out, "site.config.ts"), "utf8");
    expect(config).toContain('"ApiLink": "api:{path}"');
    expect(config).toContain('"DocsIndexLink": "{docs}/category{path}"');
    expect(config).toContain('"type": "api"');
    expect(result.report.toDo.map((f) => f.file)).toEqual(["src/pages/index.js"]);

    const built = await build({ config: path.join(out, "site.config.ts"), cwd: out, outDir: path.join(out, "build"), viewer: checkout }).catch((error: unknown) => {
      // The errors themselves, not only their count, when the new site does not build.
      if (error instanceof CartaDocsError) expect(error.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      throw error;
    });
    expect(lostRoutes(result, built.routes)).toEqual([]);
    if (!fs.existsSync(ROUTES)) {
      console.warn(`tests/migrate/cartaSite.test.ts: ${path.relative(ROOT, ROUTES)} is missing; the Docusaurus build's routes were not compared`);
      return;
    }
    expect(unresolvedRoutes(routesList(ROUTES), path.join(out, "build"), "/carta-frontend/")).toEqual([]);
  }, 1_200_000);
});
