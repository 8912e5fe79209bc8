// The ES module entry of "carta-docs" (package.json exports): the programmatic API of cli/index.ts, from
// the sources in a checkout and from dist/ in the published package (see toolchain.js). Its types come
// from the same place: exports lists cli/index.ts first and dist/cli/index.d.ts second, and TypeScript
// takes the first that exists. A test checks that these names are every value cli/index.ts exports.
import { loadToolchain } from "./toolchain.js";

const api = await loadToolchain("cli/index");

export const { apiDiff, build, CartaDocsError, check, createVersion, defineConfig, formatApiDiff, loadConfig, migrate, serve, startServer, validateConfig } = api;
