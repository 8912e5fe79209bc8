/**
 * Runs the command line as a user without privileges, where file permissions matter: root reads a folder of
 * mode 000 all the same, and the tests run as root in CI. As root, the command runs as `nobody` through
 * setpriv (the folder it works in handed over to that user); as any other user, as that user.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { BIN, type CliResult } from "./site.ts";

const isRoot = process.getuid?.() === 0;
const hasSetpriv = spawnSync("setpriv", ["--version"]).status === 0;

/** Why permission tests cannot run on this machine, or undefined when they can. */
export const permissionsUntestable: string | undefined =
  process.platform === "win32" ? "Windows has no POSIX permissions" : isRoot && !hasSetpriv ? "running as root without setpriv, which could drop the privileges" : undefined;

/** The uid and gid `nobody` has (65534 on Debian, with the group nogroup). */
const NOBODY = 65534;

/** Hands `dir` (and everything below it) and its parent's way in to the unprivileged user, when that is another. */
export function handOver(dir: string): void {
  if (!isRoot) return;
  for (const entry of [dir, ...fs.readdirSync(dir, { recursive: true }).map((rel) => path.join(dir, String(rel)))]) fs.lchownSync(entry, NOBODY, NOBODY);
  // mkdtemp makes its folder 0700: the user must be able to reach it.
  fs.chmodSync(path.dirname(dir), fs.statSync(path.dirname(dir)).mode | 0o111);
}

/** Runs `carta-docs args` in `cwd` as the unprivileged user; killed (status null) after `timeout` ms. */
export function runCliUnprivileged(args: string[], cwd: string, timeout = 60_000): CliResult {
  const command = isRoot ? ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", process.execPath, BIN, ...args] : [process.execPath, BIN, ...args];
  const result = spawnSync(command[0]!, command.slice(1), { cwd, encoding: "utf8", timeout, env: { ...process.env, NO_COLOR: "1", HOME: cwd } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
