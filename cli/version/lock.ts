/**
 * One `version` run at a time per site: a run takes a lock file in the site folder, created exclusively and
 * holding its process id, and removes it when done. Without it, a run would clear another's stage folder as
 * "left by an interrupted run" (removeInterruptedRuns) and both would write versions.json. A lock whose
 * process is gone (a run killed outright) is stale: the next run takes it over and says so.
 */
import fs from "node:fs";
import path from "node:path";

export const LOCK_FILE = ".carta-docs-version.lock";

export interface VersionLock {
  release(): void;
}

/** Whether a process with this id is running (one of another user counts: it exists). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes the lock of `siteDir`, or returns the process id of the running `version` that holds it. A stale
 * lock is taken over, with a `log` line.
 */
export function takeVersionLock(siteDir: string, log: (line: string) => void): VersionLock | { heldBy: number } {
  const file = path.join(siteDir, LOCK_FILE);
  let holder = 0;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: "wx" });
      return { release: () => fs.rmSync(file, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const text = readOrUndefined(file);
    if (text === undefined) continue; // released meanwhile
    holder = Number.parseInt(text, 10);
    if (Number.isInteger(holder) && holder > 0 && isRunning(holder)) return { heldBy: holder };
    // Another run may be taking over the same stale lock: the one whose rename lands removes it, and puts
    // back a lock that turns out to be fresh (taken between this read and the rename).
    const claimed = `${file}.${process.pid}`;
    try {
      fs.renameSync(file, claimed);
    } catch {
      continue;
    }
    if (readOrUndefined(claimed) !== text) {
      try {
        fs.linkSync(claimed, file);
      } catch {
        // A third run holds it now; the next attempt finds out which.
      }
      fs.rmSync(claimed, { force: true });
      continue;
    }
    fs.rmSync(claimed, { force: true });
    log(`took over ${LOCK_FILE}, left by an earlier \`version\` (process ${text.trim() || "unknown"}) that is no longer running`);
  }
  return { heldBy: holder };
}

function readOrUndefined(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}
