/** The few git reads the API stage needs; none of them changes the repository. */
import { execFile, spawn, type ChildProcessByStdio } from "node:child_process";
import type { Readable } from "node:stream";
import { promisify } from "node:util";

const run = promisify(execFile);

async function git(cwd: string, args: string[]): Promise<string> {
  const { stdout } = await run("git", ["-C", cwd, ...args], { maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

/** `git` that answers undefined instead of failing (unknown ref, missing file, not a repository). */
export async function gitOrUndefined(cwd: string, args: string[]): Promise<string | undefined> {
  try {
    return await git(cwd, args);
  } catch {
    return undefined;
  }
}

export interface GitLocation {
  /** Top folder of the repository. */
  repo: string;
  /** Folder of `dir` inside the repository: "" at the top, else "sub/dir/". */
  prefix: string;
}

/** Where `dir` sits in a git repository, or undefined when it is not inside one. */
export async function gitLocation(dir: string): Promise<GitLocation | undefined> {
  const out = await gitOrUndefined(dir, ["rev-parse", "--show-toplevel", "--show-prefix"]);
  if (out === undefined) return undefined;
  const [repo = "", prefix = ""] = out.split("\n");
  return { repo, prefix };
}

export async function resolveCommit(repo: string, ref: string): Promise<string | undefined> {
  return (await gitOrUndefined(repo, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]))?.trim() || undefined;
}

export async function isTag(repo: string, ref: string): Promise<boolean> {
  return (await gitOrUndefined(repo, ["show-ref", "--verify", "--quiet", `refs/tags/${ref}`])) !== undefined;
}

export async function listTags(repo: string): Promise<string[]> {
  return (await git(repo, ["tag", "--list"])).split("\n").filter(Boolean);
}

/** Branch checked out in `repo`, or the commit when HEAD is detached. */
export async function headRef(repo: string): Promise<string | undefined> {
  const branch = (await gitOrUndefined(repo, ["symbolic-ref", "--quiet", "--short", "HEAD"]))?.trim();
  return branch || (await resolveCommit(repo, "HEAD"));
}

/** Text of `path` (relative to the repository top) at `commit`, or undefined when it has no such file. */
export async function showFile(repo: string, commit: string, path: string): Promise<string | undefined> {
  return gitOrUndefined(repo, ["show", `${commit}:${path}`]);
}

/**
 * Writes the files of `commit` under `prefix` into `dest`: git archive piped straight into tar, without this
 * process in between, so the extraction does not wait on this thread (busy building another version's
 * model, say).
 */
export async function extractCommit(repo: string, commit: string, prefix: string, dest: string): Promise<void> {
  const archive = spawn("git", ["-C", repo, "archive", "--format=tar", commit, ...(prefix ? ["--", prefix] : [])], { stdio: ["ignore", "pipe", "pipe"] });
  const tar = spawn("tar", ["-x", "-C", dest], { stdio: [archive.stdout, "ignore", "pipe"] });
  // tar holds the pipe now; this process reads none of it.
  archive.stdout.destroy();
  const finished = (child: ChildProcessByStdio<null, Readable | null, Readable>, name: string) =>
    new Promise<void>((resolve, reject) => {
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      child.on("error", reject);
      child.on("close", (code) =>
        code === 0 ? resolve() : reject(new Error(`${name} exited with code ${code}: ${stderr.trim()}`)),
      );
    });
  await Promise.all([finished(archive, "git archive"), finished(tar, "tar")]);
}
