// Entry of `import ... from "carta-docs"` for plain Node: loads the TypeScript API through tsx.
import { tsImport } from "tsx/esm/api";

const api = await tsImport("../cli/index.ts", import.meta.url);
export const { build, check, loadConfig, validateConfig, defineConfig, startServer, CartaDocsError } = api;
