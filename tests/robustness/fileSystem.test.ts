/**
 * The file system as it really is (issue 43): a viewer path that names a file or the root, folders and docs
 * the user cannot read, FIFOs, sockets and devices among the content. Each case ends in a named error at its
 * path, never a crash (exit 2) or a hang, and the site's tree, checksummed before and after, is unchanged but for
 * the output and the cache. Where permissions matter, the command runs as a user without privileges.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanTemp, runCli, smallSite, treeChecksum, write } from "../helpers/site.ts";
import { handOver, permissionsUntestable, runCliUnprivileged } from "../helpers/unprivileged.ts";

afterAll(cleanTemp);

/** The site's tree but what a build may write: its output and its cache. */
function sourcesOf(site: string): Record<string, string> {
  const written = /^(build|\.carta-docs-cache)(\/|$)/;
  return Object.fromEntries(Object.entries(treeChecksum(site)).filter(([rel]) => !written.test(rel.replaceAll(path.sep, "/"))));
}

/** A site with an API reference documenting a small code base in `viewer/`. */
function apiSite(): string {
  const site = smallSite(
    `export default ${JSON.stringify({ title: "Api site", baseUrl: "/", api: { viewerDir: "viewer", repoUrl: "https://example.org/repo", tsconfig: "tsconfig.json", index: "src/index.ts", entryPoints: [{ slug: ".-stores", path: "src/stores/index.ts", title: "Stores" }] } })};\n`,
  );
  write(site, "viewer/tsconfig.json", `{ "compilerOptions": { "target": "es2020", "module": "esnext", "moduleResolution": "bundler" }, "include": ["src"] }\n`);
  write(site, "viewer/src/index.ts", `export * from "./stores";\n`);
  write(site, "viewer/src/stores/index.ts", "/** The application's state. */\nexport class AppStore {}\n");
  return site;
}

describe("a viewer path that is no code base's folder is refused before anything walks it", () => {
  const CASES: { name: string; args: (site: string) => string[]; env?: Record<string, string>; message: RegExp }[] = [
    { name: "--viewer naming a file", args: (site) => ["check", "--viewer", path.join(site, "site.config.ts")], message: /the viewer folder \S+site\.config\.ts \(from --viewer\) is a file, not a folder/ },
    { name: "--viewer /", args: () => ["build", "--viewer", "/"], message: /the viewer folder \/ \(from --viewer\) is the root of the file system/ },
    { name: "CARTA_FRONTEND_DIR naming a file", args: () => ["build"], env: { CARTA_FRONTEND_DIR: "/etc/hostname" }, message: /\/etc\/hostname \(from CARTA_FRONTEND_DIR\) is a file/ },
    { name: "CARTA_FRONTEND_DIR naming a folder without package.json or tsconfig", args: () => ["build", "--no-cache"], env: { CARTA_FRONTEND_DIR: "/usr" }, message: /\/usr \(from CARTA_FRONTEND_DIR\) holds neither package\.json nor tsconfig\.json/ },
  ];
  for (const c of CASES) {
    it(`${c.name}: an api-source error, exit 1, the tree unchanged`, () => {
      const site = apiSite();
      const before = sourcesOf(site);
      const run = spawnSync(process.execPath, [path.join(import.meta.dirname, "../../bin/carta-docs"), ...c.args(site)], { cwd: site, encoding: "utf8", timeout: 60_000, env: { ...process.env, NO_COLOR: "1", ...c.env } });
      expect(run.status, run.stderr).toBe(1);
      expect(run.stderr).toMatch(c.message);
      expect(run.stderr).toMatch(/\[api-source\]/);
      expect(sourcesOf(site)).toEqual(before);
      expect(fs.existsSync(path.join(site, "build"))).toBe(false);
    }, 60_000);
  }
});

describe.skipIf(permissionsUntestable)("content the user cannot read is an error at its path (run without privileges)", () => {
  const CASES: { name: string; path: string; expected: RegExp }[] = [
    { name: "the docs folder", path: "content/docs", expected: /^content\/docs\n +error folder cannot be read: permission is denied \(EACCES\)/m },
    { name: "a docs subfolder", path: "content/docs/guide", expected: /^content\/docs\/guide\n +error folder cannot be read: permission is denied \(EACCES\)/m },
    { name: "a doc", path: "content/docs/guide/a.md", expected: /^content\/docs\/guide\/a\.md\n +error file cannot be read: permission is denied \(EACCES\)/m },
    { name: "_category_.json", path: "content/docs/guide/_category_.json", expected: /^content\/docs\/guide\/_category_\.json\n +error file cannot be read: permission is denied/m },
    { name: "sidebars.json", path: "content/sidebars.json", expected: /^content\/sidebars\.json\n +error file cannot be read: permission is denied/m },
  ];
  for (const c of CASES) {
    for (const command of ["build", "check"]) {
      it(`${c.name}, in ${command}: exit 1 with the error at its path, the tree unchanged`, () => {
        const site = smallSite();
        write(site, "content/docs/guide/_category_.json", `{ "label": "Guide" }\n`);
        handOver(site);
        fs.chmodSync(path.join(site, c.path), 0o000);
        const before = sourcesOf(site);
        const run = runCliUnprivileged([command], site);
        expect(run.status, run.stderr).toBe(1);
        expect(run.stderr).toMatch(c.expected);
        expect(run.stderr).not.toMatch(/a bug in carta-docs|could not write the output|could not load the config/);
        expect(sourcesOf(site)).toEqual(before);
        expect(fs.existsSync(path.join(site, "build"))).toBe(false);
      }, 60_000);
    }
  }
});

/** Makes a special file at `file`: a FIFO, a socket (bound and left, as a crashed server leaves it) or a device. */
function makeSpecial(kind: "fifo" | "socket" | "device", file: string): boolean {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const command: Record<typeof kind, string[]> = {
    fifo: ["mkfifo", file],
    socket: ["python3", "-c", "import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])", file],
    device: ["mknod", file, "c", "1", "3"],
  };
  return spawnSync(command[kind][0]!, command[kind].slice(1)).status === 0;
}

describe("a FIFO, socket or device among the content is an error at its path, never opened", () => {
  const CASES: { kind: "fifo" | "socket" | "device"; path: string; what: string }[] = [
    { kind: "fifo", path: "content/docs/guide/pipe.md", what: "a FIFO \\(named pipe\\)" },
    { kind: "fifo", path: "content/docs/guide/_category_.json", what: "a FIFO \\(named pipe\\)" },
    { kind: "fifo", path: "content/sidebars.json", what: "a FIFO \\(named pipe\\)" },
    { kind: "fifo", path: "content/versions.json", what: "a FIFO \\(named pipe\\)" },
    { kind: "fifo", path: "content/pages/index.md", what: "a FIFO \\(named pipe\\)" },
    { kind: "socket", path: "content/docs/socket.md", what: "a socket" },
    { kind: "device", path: "content/docs/device.md", what: "a character device" },
  ];
  for (const c of CASES) {
    for (const command of ["build", "check"]) {
      it(`${c.kind} ${c.path}, in ${command}: a special-file error at it, no hang`, (context) => {
        const site = smallSite();
        if (c.path.endsWith("sidebars.json")) fs.rmSync(path.join(site, c.path));
        if (!makeSpecial(c.kind, path.join(site, c.path))) context.skip(`this machine cannot make a ${c.kind} (mkfifo, python3 or mknod as root)`);
        const before = sourcesOf(site);
        // A FIFO opened for reading blocks until a writer comes: the run is killed (status null) if it hangs.
        const run = runCli([command], site, {}, 50_000);
        expect(run.status, run.stderr).toBe(1);
        expect(run.stderr).toMatch(new RegExp(`^${c.path.replaceAll(".", "\\.")}\\n +error is ${c.what}, not a regular file; .*\\[special-file\\]`, "m"));
        expect(sourcesOf(site)).toEqual(before);
      }, 60_000);
    }
  }
});
