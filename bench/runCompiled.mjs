// Runs one of the checkout's TypeScript modules as a script the way bin/carta-docs runs the command line:
// from the checkout's compiled copy (bin/compiledCheckout.js), so a bench child starts as a user's build does.
//   node bench/runCompiled.mjs bench/buildOnce --config FILE ...
import { loadToolchain } from "../bin/toolchain.js";

const [name] = process.argv.splice(2, 1);
if (!name) throw new Error("usage: node bench/runCompiled.mjs <module without extension, e.g. bench/buildOnce> [args]");
await loadToolchain(name);
