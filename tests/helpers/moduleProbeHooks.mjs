// The module hooks of moduleProbe.mjs (they run off the main thread): every resolved URL goes to the log.
import fs from "node:fs";
import { fileURLToPath } from "node:url";

let log;

export function initialize(data) {
  log = data.log;
}

export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  fs.appendFileSync(log, `${result.url.startsWith("file:") ? fileURLToPath(result.url.split("?")[0]) : result.url}\n`);
  return result;
}
