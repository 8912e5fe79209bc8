/**
 * How long work shows itself: on a terminal, one status line rewritten in place ("render 120/427");
 * in CI (CI set) or when the output is piped, only plain log lines, which read well in a log file.
 */
import type { Style } from "./report.ts";

export interface Reporter {
  /** A line that stays (TypeDoc per version, notes). */
  log(line: string): void;
  /** The count of a long stage, shown in place on a terminal and not at all elsewhere. */
  progress(stage: string, done: number, total: number): void;
  /** Removes the status line, before a summary is printed. */
  clear(): void;
}

/** A terminal a person watches: a TTY, outside CI. */
export function isInteractive(stream: NodeJS.WriteStream): boolean {
  const ci = process.env.CI;
  return Boolean(stream.isTTY) && (ci === undefined || ci === "" || ci === "false" || ci === "0");
}

/** Redraws at most this often: a fast stage would otherwise spend its time writing to the terminal. */
const REDRAW_MS = 80;

export function createReporter(stream: NodeJS.WriteStream, style: Style): Reporter {
  if (!isInteractive(stream)) {
    return { log: (line) => stream.write(`${line}\n`), progress: () => {}, clear: () => {} };
  }
  let shown = false;
  let lastDraw = 0;
  const clear = () => {
    if (shown) stream.write("\r\u001b[2K");
    shown = false;
  };
  return {
    log: (line) => {
      clear();
      stream.write(`${style.dim(line)}\n`);
    },
    progress: (stage, done, total) => {
      const now = performance.now();
      if (done < total && now - lastDraw < REDRAW_MS) return;
      lastDraw = now;
      stream.write(`\r\u001b[2K${style.dim(`${stage} ${done}/${total}`)}`);
      shown = true;
    },
    clear,
  };
}
