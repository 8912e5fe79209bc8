// Runs a TypeScript module in a worker thread through tsx, as bin/carta-docs runs the command line.
// The thread's workerData is { entry, data }: the module's URL, and what the module reads as its input.
import { fileURLToPath } from "node:url";
import { workerData } from "node:worker_threads";
import { tsImport } from "tsx/esm/api";

const tsconfig = fileURLToPath(new URL("../../tsconfig.json", import.meta.url));
await tsImport(workerData.entry, { parentURL: import.meta.url, tsconfig });
