/**
 * Fields of the fuse.js index and their weights: titles above section headings. Body text is matched
 * word by word in the browser (see searchRank.ts). Shared by the build, which indexes with them, and the
 * browser, which must search with the same keys.
 */
export const SEARCH_KEYS = [
  { name: "t", weight: 3 },
  { name: "s", weight: 2 },
];

/** How the browser's fuzzy fallback searches; the benchmark uses the same options. */
export const FUSE_OPTIONS = { keys: SEARCH_KEYS, ignoreLocation: true, threshold: 0.3, minMatchCharLength: 2 };
