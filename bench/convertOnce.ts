/**
 * TypeDoc's conversion of a site's Next version alone, in a fresh process: the cold floor of a build
 * (issue 28). Run as `node bench/runCompiled.mjs bench/convertOnce --config FILE [--viewer DIR]`; prints one line
 * of JSON (a ConversionFigures) on stdout. The source is the one a build of the site converts for its
 * current version (the viewer's working tree, or the sample code base when there is none), converted
 * through the toolchain's own entry point (`convertHere`, what `runConversion` runs on one thread: loads
 * TypeScript and TypeDoc, checks the inputs, converts, serialises the JSON), with no cache to read or write.
 * `seconds` is the floor the bench's rows use (figures.ts, conversionMs); the caller also times the whole
 * process wall-clock, start-up included, as it times builds.
 */
import { parseArgs } from "node:util";
import { loadConfig } from "../cli/config/load.ts";
import { apiStageOptions, resolveViewer } from "../cli/pipeline/viewerSource.ts";
import { convertHere } from "../cli/api/runConversion.ts";
import { currentSource, sourceRoot } from "../cli/api/sources.ts";
import { Diagnostics } from "../cli/util/diagnostics.ts";
import { processCpuMs } from "./measure.ts";

export interface ConversionFigures {
  /** The version as the API names it ("next"). */
  version: string;
  /** What was converted, for people ("sample code base examples/viewer", "working tree (master)"). */
  label: string;
  /** Seconds of the conversion within the process (loading TypeDoc included), as a build logs them. */
  seconds: number;
  /** Bytes of the conversion's JSON; 0 when TypeDoc produced nothing. */
  jsonBytes: number;
  /** Errors reported by the conversion (a viewer whose inputs are missing, TypeDoc's own errors). */
  errors: number;
  /** Peak resident memory of the process, in KiB. */
  maxRSS: number;
  /** CPU time of the process, every thread's (user and system), in milliseconds. */
  cpuMs: number;
}

const { values } = parseArgs({ options: { config: { type: "string" }, viewer: { type: "string" } } });
if (!values.config) throw new Error("usage: convertOnce.ts --config FILE [--viewer DIR]");

const config = await loadConfig(values.config);
if (!config.api) throw new Error(`${values.config} has no API reference to convert`);
const apiConfig = { ...config, api: config.api };
const version = config.docs.currentPath;
const options = apiStageOptions(apiConfig, resolveViewer(apiConfig, values.viewer), [{ name: version, isCurrent: true }], new Diagnostics(), () => {}, 1);
const source = await currentSource(options, version);
const root = await sourceRoot(source, options);
const { siteDir, api } = options;
const fresh = await convertHere({ source, root, settings: { siteDir, api: { entryPoints: api.entryPoints, index: api.index, tsconfig: api.tsconfig } } });
const messages = fresh.text === undefined ? [] : ((JSON.parse(fresh.text) as { messages?: { level: string }[] }).messages ?? []);
const figures: ConversionFigures = {
  version,
  label: source.label,
  seconds: fresh.seconds,
  jsonBytes: fresh.text?.length ?? 0,
  errors: fresh.diagnostics.filter((d) => d.severity === "error").length + messages.filter((m) => m.level === "error").length,
  maxRSS: process.resourceUsage().maxRSS,
  cpuMs: processCpuMs(),
};
process.stdout.write(`${JSON.stringify(figures)}\n`);
