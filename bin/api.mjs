// Entry of `import ... from "carta-docs"` for plain Node: loads the TypeScript API through tsx.
import { fileURLToPath } from "node:url";
import { tsImport } from "tsx/esm/api";

// React's development build renders pages about four times slower; a build is production work.
process.env.NODE_ENV ??= "production";

const tsconfig = fileURLToPath(new URL("../tsconfig.json", import.meta.url));
const api = await tsImport("../cli/index.ts", { parentURL: import.meta.url, tsconfig });
export const { build, check, serve, createVersion, apiDiff, formatApiDiff, loadConfig, validateConfig, defineConfig, startServer, CartaDocsError } = api;
