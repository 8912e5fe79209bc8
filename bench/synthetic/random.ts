/**
 * Seeded pseudo-random text for the synthetic site: the same seed gives the same site, so runs and
 * machines compare like with like.
 */

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  int(below: number): number;
  pick<T>(items: readonly T[]): T;
}

/** mulberry32: tiny, fast and good enough for filler text. */
export function seeded(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  return { next, int, pick: (items) => items[int(items.length)]! };
}

/** Topics of a radio-astronomy viewer; they name declarations and fill prose. */
export const TOPICS = [
  "Spectral", "Spatial", "Contour", "Catalog", "Region", "Frame", "Tile", "Render", "Stokes", "Moment",
  "Histogram", "Layout", "Workspace", "Overlay", "Vector", "Profile", "Animator", "Colormap", "Beam", "Channel",
] as const;

const WORDS = [
  "image", "cube", "channel", "region", "contour", "profile", "frequency", "velocity", "pixel", "beam",
  "catalog", "source", "overlay", "render", "tile", "level", "histogram", "statistics", "moment", "axis",
  "coordinate", "world", "projection", "matrix", "spectrum", "polarization", "stokes", "fitting", "gaussian",
  "noise", "threshold", "smoothing", "kernel", "colormap", "scaling", "gamma", "bias", "contrast", "layer",
  "widget", "dialog", "store", "backend", "request", "response", "stream", "cache", "texture", "shader",
  "viewer", "cursor", "zoom", "pan", "rotation", "offset", "label", "marker", "annotation", "layout",
  "workspace", "session", "snippet", "script", "preference", "telemetry", "animation", "frame", "cutout",
] as const;

export function words(random: Random, count: number): string {
  return Array.from({ length: count }, () => random.pick(WORDS)).join(" ");
}

/** One sentence of 8 to 17 words, capitalised and closed. */
export function sentence(random: Random): string {
  const text = words(random, 8 + random.int(10));
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

export function paragraph(random: Random, sentences: number): string {
  return Array.from({ length: sentences }, () => sentence(random)).join(" ");
}
