/** Summarises a V8 CPU profile (`node --cpu-prof`) as the functions with the most self time. */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  /** Node id of each sample. */
  samples: number[];
  /** Microseconds since the previous sample, one per sample. */
  timeDeltas: number[];
}

export interface HotSpot {
  /** "name (file:line)", or a V8 pseudo-frame such as "(garbage collector)". */
  name: string;
  selfMs: number;
  /** Share of the profile's sampled time, 0-100. */
  percent: number;
}

/** Where a frame comes from, shortened to the part after node_modules/ or the repository. */
function frameName(frame: ProfileNode["callFrame"], root: string): string {
  const fn = frame.functionName || "(anonymous)";
  if (!frame.url) return fn;
  const file = frame.url.replace(/^file:\/\//, "");
  const modules = file.lastIndexOf("node_modules/");
  const shown = modules >= 0 ? file.slice(modules + "node_modules/".length) : file.startsWith(root) ? file.slice(root.length).replace(/^\//, "") : file;
  return `${fn} (${shown}:${frame.lineNumber + 1})`;
}

/**
 * Self time by function, largest first. A sample's time is its time delta; frames with the same name
 * and location are added up. "(idle)" is left out: it is waiting, not work.
 */
export function hotSpots(profile: CpuProfile, top: number, root = ""): HotSpot[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const micros = profile.timeDeltas[i] ?? 0;
    if (!node || node.callFrame.functionName === "(idle)") return;
    const name = frameName(node.callFrame, root);
    self.set(name, (self.get(name) ?? 0) + micros);
    total += micros;
  });
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, micros]) => ({ name, selfMs: micros / 1000, percent: total > 0 ? (micros / total) * 100 : 0 }));
}
