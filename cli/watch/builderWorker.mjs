// Starts the TypeScript builder in a worker thread through tsx, as bin/carta-docs starts the command line.
import { fileURLToPath } from "node:url";
import { tsImport } from "tsx/esm/api";

const tsconfig = fileURLToPath(new URL("../../tsconfig.json", import.meta.url));
await tsImport("./builderWorker.ts", { parentURL: import.meta.url, tsconfig });
