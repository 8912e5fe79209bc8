/** Helpers for tests that build sites: temporary copies of the fixture site and CLI runs. */
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const FIXTURE_SITE = path.join(ROOT, "tests/fixtures/site");
export const BIN = path.join(ROOT, "bin/carta-docs");

const made: string[] = [];

/** A fresh temporary folder, removed by `cleanTemp`. */
export function tempDir(prefix = "carta-docs-test-"): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export function cleanTemp(): void {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** Copies the fixture site into a temporary folder and returns its root. */
export function copyFixtureSite(): string {
  const dir = tempDir();
  fs.cpSync(FIXTURE_SITE, dir, { recursive: true });
  return dir;
}

export function write(root: string, rel: string, text: string | Buffer): void {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

export function read(root: string, rel: string): string {
  return fs.readFileSync(path.join(root, rel), "utf8");
}

/** Every file under a folder with its content, to prove a folder was left untouched. */
export function snapshotTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, file)] = fs.readFileSync(file).toString("base64");
  }
  return out;
}

/**
 * Every entry under a folder: files by a hash of their bytes, folders and links by kind (a link with its
 * target), so a file added, removed or changed anywhere, even an empty folder, shows. Empty when `dir` is absent.
 */
export function treeChecksum(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const rel = path.relative(dir, file);
    if (entry.isSymbolicLink()) out[rel] = `link ${fs.readlinkSync(file)}`;
    else if (entry.isDirectory()) out[rel] = "folder";
    else out[rel] = crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");
  }
  return out;
}

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], cwd: string, env: Record<string, string> = {}): CliResult {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", ...env } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
