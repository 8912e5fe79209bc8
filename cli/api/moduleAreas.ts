/**
 * Finds the module of each entry point in a TypeDoc project. Releases differ in how they name modules
 * ("components", "src/components") and what their file names are relative to (the entry points' common
 * folder, or the project root), so modules are matched on the longest consistent path prefix.
 */
import { kindOf, type RawProject, type RawReflection } from "./typedocJson.ts";

export interface ModuleMatch {
  /** Entry point path -> its module. */
  modules: Map<string, RawReflection>;
  /** What TypeDoc's file names lack to be relative to the viewer root (e.g. "src/"). */
  sourcePrefix: string;
}

export function matchModules(project: RawProject, entryPaths: string[]): ModuleMatch {
  const children = project.children ?? [];
  const modules = children.filter((child) => kindOf(child) === "module");
  // A project of a single entry point has no module level.
  if (modules.length === 0 && entryPaths.length > 0) {
    return { modules: new Map([[entryPaths[0]!, project]]), sourcePrefix: "" };
  }

  const matched = new Map<string, RawReflection>();
  const bySource = matchByPrefix(
    modules.map((module) => ({ module, key: module.sources?.[0]?.fileName.replace(/^\.\//, "") })),
    entryPaths.map((path) => ({ path, candidates: [path] })),
    matched,
  );
  matchByPrefix(
    modules.filter((module) => ![...matched.values()].includes(module)).map((module) => ({ module, key: module.name })),
    entryPaths.filter((path) => !matched.has(path)).map((path) => ({ path, candidates: moduleNames(path) })),
    matched,
  );
  return { modules: matched, sourcePrefix: bySource ?? "" };
}

/** Names TypeDoc may give the module of `path`: without extension, and without a trailing "/index". */
function moduleNames(path: string): string[] {
  const stem = path.replace(/\.[cm]?[jt]sx?$/, "");
  return [stem, stem.replace(/\/index$/, "")];
}

/**
 * Assigns modules to entry points where `prefix + key` is one of the entry's candidates, using the prefix
 * that fits the most modules. Returns that prefix, or undefined when nothing matched.
 */
function matchByPrefix(
  modules: { module: RawReflection; key: string | undefined }[],
  entries: { path: string; candidates: string[] }[],
  matched: Map<string, RawReflection>,
): string | undefined {
  const votes = new Map<string, number>();
  for (const { key } of modules) {
    if (!key) continue;
    const prefixes = new Set<string>();
    for (const candidate of entries.flatMap((entry) => entry.candidates)) {
      if (candidate === key || candidate.endsWith(`/${key}`)) prefixes.add(candidate.slice(0, candidate.length - key.length));
    }
    for (const prefix of prefixes) votes.set(prefix, (votes.get(prefix) ?? 0) + 1);
  }
  const best = [...votes].sort(([a, m], [b, n]) => n - m || a.length - b.length)[0]?.[0];
  if (best === undefined) return undefined;
  for (const { module, key } of modules) {
    if (!key) continue;
    const entry = entries.find((candidate) => !matched.has(candidate.path) && candidate.candidates.includes(best + key));
    if (entry) matched.set(entry.path, module);
  }
  return best;
}
