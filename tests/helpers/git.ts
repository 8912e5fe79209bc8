/** Git in the tests' repositories, with a fixed identity and no signing, so the machine's git config does not matter. */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export interface GitOptions {
  /** Name of the author and committer; "Test" unless given. */
  author?: string;
  /** When commits are made (ISO), as author and committer date; now unless given. */
  date?: string;
}

/** A runner of git commands in `dir`; each returns git's output, trimmed. */
export function gitIn(dir: string, { author = "Test", date }: GitOptions = {}): (...args: string[]) => string {
  const identity = ["-c", `user.name=${author}`, "-c", "user.email=test@example.org", "-c", "commit.gpgsign=false", "-c", "tag.gpgsign=false"];
  const env = date ? { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : process.env;
  return (...args) => execFileSync("git", [...identity, ...args], { cwd: dir, env, encoding: "utf8", stdio: "pipe" }).trim();
}

/** Commits everything under `dir`, making it a repository (branch main) first if it is none yet. */
export function commitAll(dir: string, message: string, options: GitOptions = {}): void {
  const git = gitIn(dir, options);
  if (!fs.existsSync(path.join(dir, ".git"))) git("init", "--quiet", "--initial-branch=main");
  git("add", ".");
  git("commit", "--quiet", "-m", message);
}
