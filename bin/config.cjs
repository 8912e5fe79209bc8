// The CommonJS entry of "carta-docs": what `require("carta-docs")` gives (a site's config is bundled as an
// ES module, so its import takes bin/index.js, in a CommonJS package too). The rest of the API is ES
// modules; import it from an ES module.
"use strict";

/** Identity function that gives `site.config.ts` authors types and completion (the ESM one is cli/config/define.ts). */
exports.defineConfig = (config) => config;
