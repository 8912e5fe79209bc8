/**
 * Moves staged files and folders into place as one change: if any move fails, the moves already made are
 * undone (files they replaced restored, folders they needed removed), so the destination is as it was.
 */
import fs from "node:fs";
import path from "node:path";

export interface Move {
  from: string;
  to: string;
}

/**
 * `backupDir` holds replaced files meanwhile; it must be on the same file system as the destinations. The
 * last move is the commit: it replaces its destination file in one rename, with no backup, as nothing after
 * it can fail, and a process killed between a backup and its move would leave no file there at all.
 */
export function moveIntoPlace(moves: Move[], backupDir: string): void {
  const undo: (() => void)[] = [];
  try {
    moves.forEach(({ from, to }, index) => {
      const createdDir = fs.mkdirSync(path.dirname(to), { recursive: true });
      if (createdDir) undo.push(() => fs.rmSync(createdDir, { recursive: true, force: true }));
      if (index < moves.length - 1 && fs.existsSync(to)) {
        const backup = path.join(backupDir, `replaced-${index}`);
        fs.renameSync(to, backup);
        undo.push(() => fs.renameSync(backup, to));
      }
      fs.renameSync(from, to);
      undo.push(() => fs.renameSync(to, from));
    });
  } catch (error) {
    for (const step of undo.reverse()) step();
    throw error;
  }
}
