/**
 * Where a fresh conversion runs. One at a time on the main thread, or, where spare cores and memory allow,
 * several side by side, each on a thread of its own that loads TypeDoc, converts and ends (its memory goes
 * with it). On a 2-core machine two conversions side by side made a cold build of the real viewer's three
 * versions slower (17.3 s against 14.6 s), so the default there is one at a time.
 */
import os from "node:os";
import { Diagnostics, type Diagnostic } from "../util/diagnostics.ts";
import { Slots } from "../util/slots.ts";
import { startTsWorker, threadData } from "../util/tsWorker.ts";
import type { ConversionSettings } from "./convertFresh.ts";
import type { CodeSource } from "./sources.ts";
import { toolchainModule } from "../util/toolchainModule.ts";

/**
 * Memory to keep free per conversion side by side: a cold build of the real viewer, models and pages
 * included, peaked at 1.1 GB converting one version at a time and at 1.2 GB converting two at once.
 */
const MEMORY_PER_CONVERSION = 1.5 * 1024 ** 3;

export interface FreshConversion {
  /**
   * The conversion (a Conversion: project and messages) as JSON text, the form the cache keeps and a thread
   * sends; undefined when the inputs were missing or TypeDoc threw (the diagnostics say which).
   */
  text?: string;
  /** Whether TypeDoc was started. */
  ran: boolean;
  /** Seconds of loading TypeDoc where this conversion waited for it, checking the inputs and converting. */
  seconds: number;
  diagnostics: Diagnostic[];
}

/** What a conversion thread is given (its workerData). */
export interface ConversionJob {
  source: CodeSource;
  root: string;
  settings: ConversionSettings;
}

/**
 * Conversions to run side by side by default: one per core beyond the main thread's, as far as free
 * memory allows; 1 (one at a time, on the main thread) when that is fewer than two.
 */
export function defaultConversionThreads(): number {
  const memory = Math.min(os.freemem(), process.constrainedMemory() || Number.POSITIVE_INFINITY);
  const threads = Math.min(os.availableParallelism() - 1, Math.floor(memory / MEMORY_PER_CONVERSION));
  return threads >= 2 ? threads : 1;
}

const slotsByCount = new Map<number, Slots>();

/** Converts `source` at `root`; at most `threads` conversions run at once, on threads when more than one. */
export function runConversion(job: ConversionJob, threads: number): Promise<FreshConversion> {
  const count = Math.max(1, threads);
  let slots = slotsByCount.get(count);
  if (!slots) slotsByCount.set(count, (slots = new Slots(count)));
  return slots.run(() => (count > 1 ? convertOnThread(job) : convertHere(job)));
}

/** Runs the conversion on this thread (also what a conversion thread does). */
export async function convertHere({ source, root, settings }: ConversionJob): Promise<FreshConversion> {
  // The time includes loading TypeScript and TypeDoc, which the first conversion of a process does.
  const started = performance.now();
  const diagnostics = new Diagnostics();
  const { convertFresh } = await import("./convertFresh.ts");
  const { conversion, ran } = await convertFresh(source, root, settings, diagnostics);
  const seconds = (performance.now() - started) / 1000;
  return { ...(conversion && { text: JSON.stringify(conversion) }), ran, seconds, diagnostics: diagnostics.items };
}

const THREAD = new URL(toolchainModule("./conversionThread.ts"), import.meta.url);

function convertOnThread(job: ConversionJob): Promise<FreshConversion> {
  return new Promise((resolve, reject) => {
    const worker = startTsWorker(THREAD, job);
    let reply: FreshConversion | undefined;
    worker.once("message", (message: FreshConversion) => {
      reply = message;
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (!reply) return reject(new Error(`API ${job.source.version}: the TypeDoc conversion thread stopped (exit code ${code})`));
      resolve(reply);
    });
  });
}

/** Inside a conversion thread: converts the job and posts the result back (text is cheap to send). */
export async function conversionThreadMain(post: (reply: FreshConversion) => void): Promise<void> {
  post(await convertHere(threadData<ConversionJob>()));
}
