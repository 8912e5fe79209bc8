// The CommonJS entry of "carta-docs": what a site.config.ts compiled as CommonJS (a package without
// "type": "module") imports. The rest of the API is ES modules; import it from an ES module.
"use strict";

/** Identity function that gives `site.config.ts` authors types and completion (the ESM one is cli/config/define.ts). */
exports.defineConfig = (config) => config;
