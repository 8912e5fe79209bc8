/** What a command loads, seen through moduleProbe.mjs (preloaded with --import): for the lean start tests. */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ROOT, tempDir } from "./site.ts";

export const PROBE = path.join(ROOT, "tests/helpers/moduleProbe.mjs");

/** Packages of building: TypeDoc, React, the markdown stack and highlighting. */
export const HEAVY = ["typedoc", "react", "react-dom", "marked", "highlight.js", "mdast-util-from-markdown", "sanitize-html"];

/** The packages a probe's log names (the folder after the last node_modules/ of each file). */
export function packagesIn(loaded: string[]): Set<string> {
  return new Set(loaded.map((file) => /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file)?.[1]).filter((name): name is string => name !== undefined));
}

/**
 * The toolchain's own modules a probe's log names, as paths under the package root without extension
 * ("cli/serve/startServer"), whether they ran from the sources or from the checkout's compiled copy
 * (bin/compiledCheckout.js), whose files each hold the modules its modules.json lists.
 */
export function toolchainModulesIn(loaded: string[]): string[] {
  const copy = /^(.*\/node_modules\/\.cache\/carta-docs-toolchain\/[^/]+)\/(.*\.js)$/;
  const withoutExtension = (file: string) => file.replace(/\.(tsx?|m?js)$/, "");
  return loaded.flatMap((file) => {
    const compiled = copy.exec(file);
    if (compiled) {
      const [, dir, rel] = compiled as unknown as [string, string, string];
      const modules = JSON.parse(fs.readFileSync(path.join(dir, "modules.json"), "utf8")) as Record<string, string[]>;
      return (modules[rel] ?? []).map(withoutExtension);
    }
    return file.startsWith(`${ROOT}/`) && !file.includes("/node_modules/") ? [withoutExtension(path.relative(ROOT, file))] : [];
  });
}

/** A fresh log file and the environment that makes the probe write to it. */
export function probeLog(): { log: string; env: NodeJS.ProcessEnv; read: () => string[] } {
  const log = path.join(tempDir(), "modules.log");
  return { log, env: { ...process.env, NO_COLOR: "1", MODULE_PROBE_LOG: log }, read: () => fs.readFileSync(log, "utf8").split("\n").filter(Boolean) };
}

/** Runs `bin` with `args` under the probe: its exit status, output and every module it loaded. */
export function probeCommand(bin: string, args: string[], cwd: string): { status: number | null; stdout: string; stderr: string; loaded: string[] } {
  const { env, read } = probeLog();
  const result = spawnSync(process.execPath, ["--import", PROBE, bin, ...args], { cwd, encoding: "utf8", env });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, loaded: read() };
}
