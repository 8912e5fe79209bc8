import { createRequire } from "node:module"; const require = createRequire(import.meta.url);
import fs from "node:fs";
import { buildSite, searchFiles } from "./cli/pipeline.ts";
const site = await buildSite({ config: process.argv[3] ?? "site.config.ts", viewer: process.argv[2] });
const files = await searchFiles(site);
const out = process.argv[4] ?? "/tmp/h16";
fs.mkdirSync(out, { recursive: true });
for (const [name, data] of files) { fs.mkdirSync(require("node:path").dirname(`${out}/${name}`), { recursive: true }); fs.writeFileSync(`${out}/${name}`, data); }
for (const r of ["/carta-frontend/api/.-stores/class/AppStore", "/carta-frontend/docs/code-snippet-tutorial/basics", "/carta-frontend/docs/code-snippet-tutorial/regions"]) { const h = site.html.get(r); if (h) fs.writeFileSync(`${out}/${r.split("/").pop()}.html`, h); }
console.log(site.pages.length, [...files.keys()]);
