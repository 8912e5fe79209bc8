/**
 * A time limit for loading the config: a config is code, and one that waits for something that never comes
 * (an await that never settles) or loops forever would otherwise hang the build with no word. The limit is
 * `CARTA_DOCS_CONFIG_TIMEOUT_MS` milliseconds (default 30 s; tests set it short).
 *
 * A wait is caught by a timer. A loop blocks this thread, so no timer here can fire: a watchdog thread,
 * started beside the main thread, prints the error and ends the process (exit code 1) if the load has not
 * finished a second after the limit.
 */
import { isMainThread, Worker } from "node:worker_threads";

const DEFAULT_LIMIT_MS = 30_000;
/** The watchdog waits this much longer than the timer, so that a config that only waits gets the timer's error. */
const WATCHDOG_MARGIN_MS = 1_000;

function configTimeLimitMs(): number {
  const value = Number(process.env.CARTA_DOCS_CONFIG_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_LIMIT_MS;
}

// Stops a blocked main thread's script through the inspector's terminateExecution: the load's timer then rejects
// and the error is reported as any config error (exit code 1, set for the load in case the process ends there).
// Without an inspector, the watchdog prints the error itself and kills the process.
const WATCHDOG = `
const { workerData } = require("node:worker_threads");
const flag = new Int32Array(workerData.flag);
if (Atomics.wait(flag, 0, 0, workerData.ms) === "timed-out") {
  try {
    const session = new (require("node:inspector").Session)();
    session.connectToMainThread();
    session.post("Runtime.terminateExecution");
    session.disconnect();
  } catch {
    require("node:fs").writeSync(2, workerData.message + "\\n");
    process.kill(process.pid, "SIGKILL");
  }
}`;

/** Work past the limit: `problem` says what did not finish, `message` also names the file. */
export class TimeLimitError extends Error {
  constructor(
    file: string,
    readonly problem: string,
  ) {
    super(`${file}: ${problem}`);
  }
}

/**
 * Runs `load` (`what` it does, in `file`); rejects with a TimeLimitError when it has not settled within the
 * limit, and ends the process (on the main thread) when it blocks the thread past the limit.
 */
export async function withinTimeLimit<T>(load: () => Promise<T>, file: string, what: string): Promise<T> {
  const ms = configTimeLimitMs();
  const problem = `${what} did not finish within ${ms} ms: does it wait for something that never comes, or loop forever? (the limit is set by CARTA_DOCS_CONFIG_TIMEOUT_MS)`;
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const watchdog = isMainThread ? new Worker(WATCHDOG, { eval: true, workerData: { flag: flag.buffer, ms: ms + WATCHDOG_MARGIN_MS, message: `error: ${file}: ${problem}` } }) : undefined;
  watchdog?.unref();
  let timer: NodeJS.Timeout | undefined;
  // The code the process ends with if the watchdog stops a load that blocks the thread.
  const exitCode = process.exitCode;
  if (watchdog) process.exitCode = 1;
  try {
    return await Promise.race([
      load(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new TimeLimitError(file, problem)), ms);
      }),
    ]);
  } finally {
    if (watchdog) process.exitCode = exitCode;
    clearTimeout(timer);
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
  }
}
