/** Inputs of the API stage, as the pipeline passes them in. */
import type { Diagnostics } from "../util/diagnostics.ts";

interface ApiEntryPoint {
  /** Route segment of the area, e.g. ".-components/Dialogs". */
  slug: string;
  /** Index file of the area, relative to the viewer root. */
  path: string;
  title: string;
  /** Only some versions have the module: a version without it has no such area (else a missing module is an error). */
  optional?: boolean;
}

export interface ApiSettings {
  entryPoints: ApiEntryPoint[];
  /** The viewer's own index file ("src/index.tsx"); converted too, but it gets no routes. */
  index: string;
  /** Relative to the viewer root. */
  tsconfig: string;
  /**
   * Version name -> git ref, read for frozen versions without a snapshot and used for their Defined-in links;
   * a version without an entry uses `v${version}`. The current version always uses the working tree.
   */
  refs: Record<string, string>;
  /** Repository the Defined-in links point to. */
  repoUrl: string;
  /** Changelog file, relative to the viewer root. */
  changelog: string;
}

export interface ApiStageOptions {
  /** Root of the site (where content/ lives). */
  siteDir: string;
  contentDir: string;
  /** Git-ignored folder for extracted sources and TypeDoc output. */
  cacheDir: string;
  versions: { name: string; isCurrent: boolean }[];
  /** Root of the viewer checkout and where that choice came from; it may not exist. */
  viewer: { dir: string; from: "flag" | "env" | "config" };
  /** The sample code base used when there is no viewer checkout. */
  exampleDir: string;
  api: ApiSettings;
  log: (line: string) => void;
  diagnostics: Diagnostics;
  /** Conversions that may run side by side, each on a thread; 1 (the default): one at a time on this thread. */
  conversionThreads?: number;
}
