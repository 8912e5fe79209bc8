// Preloaded with `node --import`: appends to the file named by MODULE_PROBE_LOG the location of every module
// the process loads, ES modules through a resolve hook (it sees what tsx resolves too) and CommonJS ones
// through require's resolution. Tests read it to prove what a command does not load.
import fs from "node:fs";
import Module, { register } from "node:module";

const log = process.env.MODULE_PROBE_LOG;
if (!log) throw new Error("moduleProbe.mjs needs MODULE_PROBE_LOG, the file to write to");
register("./moduleProbeHooks.mjs", import.meta.url, { data: { log } });

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (...args) {
  const file = resolveFilename.apply(this, args);
  fs.appendFileSync(log, `${file}\n`);
  return file;
};
