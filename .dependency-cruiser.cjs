/**
 * The toolchain's shape, checked by `npm run lint:deps` (part of `npm test`). The rooms of cli/ stand in layers:
 * a room imports only its own modules and rooms of lower layers. docs/architecture.md shows these rules and the
 * graph drawn from them (`npm run architecture`).
 */

/** cli/ rooms, lowest first. Rooms of one layer stand side by side: they may not import each other. */
const LAYERS = [
  ["util"],
  ["markdown"],
  ["config"],
  ["content"],
  ["api"],
  ["snippets"],
  ["output"],
  ["cache"],
  // The views (renderer/ and templates/) stand here, below the page model they receive: see the views rules.
  ["pages"],
  ["links"],
  ["llms"],
  ["search"],
  ["render"],
  ["pipeline"],
  ["serve"],
  ["watch", "version", "init", "migrate"],
  ["commands"],
];

const room = (names) => `^cli/(${names.join("|")})/`;
/** cli/index.ts and cli/program.ts: the entry points, above every room. */
const TOP = "^cli/[^/]+$";
const VIEWS = "^(renderer|templates)/";
const layerOf = (name) => LAYERS.findIndex((names) => names.includes(name));
const roomsFrom = (index) => LAYERS.slice(index).flat();

const layering = LAYERS.flatMap((names, index) => {
  const higher = roomsFrom(index + 1);
  const rules = [
    {
      name: `layer-${names.join("-")}`,
      comment: `cli/${names.join(", cli/")} imports only lower layers (${LAYERS.slice(0, index).flat().join(", ") || "none"}).`,
      severity: "error",
      from: { path: room(names) },
      // Rooms above the views may use them; rooms below may not.
      to: { path: [...(higher.length ? [room(higher)] : []), TOP, ...(index < layerOf("pages") ? [VIEWS] : [])] },
    },
  ];
  if (names.length > 1) {
    rules.push({
      name: `side-by-side-${names.join("-")}`,
      comment: "Rooms of one layer do not import each other.",
      severity: "error",
      from: { path: room(names) },
      to: { path: room(names), pathNot: "^cli/$1/" },
    });
  }
  return rules;
});

module.exports = {
  forbidden: [
    { name: "no-circular", comment: "No module imports itself through others.", severity: "error", from: {}, to: { circular: true } },
    ...layering,
    {
      name: "views-take-the-page-model-as-types",
      comment: "renderer/ and templates/ may import the page model (cli/pages, cli/links) as types; at run time only the rooms below it.",
      severity: "error",
      from: { path: VIEWS },
      to: { path: [room(roomsFrom(layerOf("pages"))), TOP], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "views-never-see-the-build",
      comment: "renderer/ and templates/ never import llms, search, render, the pipeline or above, not even for types.",
      severity: "error",
      from: { path: VIEWS },
      to: { path: [room(roomsFrom(layerOf("llms"))), TOP] },
    },
    {
      name: "client-is-browser-code",
      comment: "renderer/client runs in the browser: no Node built-ins and nothing outside renderer/client.",
      severity: "error",
      from: { path: "^renderer/client/" },
      to: { pathNot: "^renderer/client/" },
    },
    {
      name: "views-never-import-typedoc",
      comment: "Templates see the API through our model (cli/api/model.ts), never through TypeDoc.",
      severity: "error",
      from: { path: VIEWS },
      to: { path: "^(node_modules/)?typedoc(/|$)" },
    },
    {
      name: "everything-resolves",
      comment: "An import no module answers is a typo or a missing dependency.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: "no-orphans",
      comment: "A module nothing imports is dead, except entry points, thread entries and the templates (loaded by path).",
      severity: "error",
      from: {
        orphan: true,
        pathNot: ["\\.d\\.ts$", TOP, "(Worker|Thread)\\.ts$", "^renderer/client/(main|searchUi|head)\\.ts$", "^templates/[^/]+\\.tsx$"],
      },
      to: {},
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["types", "import", "require", "node", "default"], extensions: [".ts", ".tsx", ".js", ".d.ts"] },
    exclude: { path: "\\.(mjs|cjs)$" },
  },
};

// For scripts/architecture.ts, which draws the rooms in these layers; not enumerable, so dependency-cruiser's
// own reading of this file does not see it.
Object.defineProperty(module.exports, "layers", { value: LAYERS });
