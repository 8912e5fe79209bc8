/**
 * The folder holding the files the toolchain reads at run time (renderer/styles, the browser runtime's
 * sources in renderer/client, the sample viewer in examples/, package.json): the package root when its modules
 * run from the sources, dist/ in the published package (the files are copied beside the compiled modules),
 * and the checkout itself for a checkout's compiled copy (bin/compiledCheckout.js), which defines
 * CARTA_DOCS_CHECKOUT as the checkout's path when it compiles.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

declare const CARTA_DOCS_CHECKOUT: string | undefined;

export const PACKAGE_ROOT: string = typeof CARTA_DOCS_CHECKOUT === "string" ? CARTA_DOCS_CHECKOUT : path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
