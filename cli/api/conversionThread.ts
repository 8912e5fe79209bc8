/** A conversion thread (see runConversion.ts): converts the source it was started with and posts the result. */
import { parentPort } from "node:worker_threads";
import { conversionThreadMain } from "./runConversion.ts";

await conversionThreadMain((reply) => parentPort!.postMessage(reply));
