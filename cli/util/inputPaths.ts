/**
 * Input paths as the file system really has them: a docs file may be a FIFO, a socket or a device, and a
 * folder or file may be unreadable to the user running the build. Such a path is an error at that path, and a
 * special file is never opened (opening a FIFO blocks until a writer comes, which would hang the build).
 */
import fs from "node:fs";
import type { Diagnostics } from "./diagnostics.ts";

/** Installed packages and dot-folders (git's, caches): never a build's inputs. */
export const notInput = (name: string) => name === "node_modules" || name.startsWith(".");

/** What a special file is, in words; undefined for a regular file, a folder, a link or nothing. */
export function specialKind(stats: fs.Stats | fs.Dirent | undefined): string | undefined {
  if (!stats) return undefined;
  if (stats.isFIFO()) return "a FIFO (named pipe)";
  if (stats.isSocket()) return "a socket";
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  return undefined;
}

/** The error of a special file at its path: what it is and what is valid. */
export function specialFileMessage(kind: string): string {
  return `is ${kind}, not a regular file; carta-docs reads only regular files and never opens others (a FIFO would block the build): replace it with a file or remove it`;
}

/** Why `file` (or folder) could not be read, as the end of a sentence naming it, from the system's error. */
function unreadableMessage(error: unknown, what = "file"): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EACCES" || code === "EPERM") return `${what} cannot be read: permission is denied (${code}); make it readable by the user running carta-docs (chmod a+r${what === "folder" ? "x" : ""})`;
  if (code === "EISDIR") return "is a folder, not a file";
  return `${what} cannot be read (${code ?? String(error)})`;
}

/**
 * A file's bytes, when it is a regular file that can be read; else an error at `shown` (a special file, a
 * folder, no permission) and undefined. The kind is checked before the file is opened.
 */
export function readInputFile(file: string, shown: string, diagnostics: Diagnostics): Buffer | undefined {
  try {
    const stats = fs.statSync(file);
    const special = specialKind(stats);
    if (special) {
      diagnostics.error("special-file", specialFileMessage(special), { file: shown });
      return undefined;
    }
    return fs.readFileSync(file);
  } catch (error) {
    diagnostics.error("unreadable", unreadableMessage(error), { file: shown });
    return undefined;
  }
}

/** A folder's entries, or an error at `shown` when it cannot be read, and none. */
export function readInputFolder(dir: string, shown: string, diagnostics: Diagnostics): fs.Dirent[] {
  try {
    return fs.readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    diagnostics.error("unreadable", unreadableMessage(error, "folder"), { file: shown });
    return [];
  }
}
