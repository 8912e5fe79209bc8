/**
 * Fields of a search document and their weights (title above heading above body text). Shared by the
 * build, which indexes with them, and the browser, which must search with the same keys.
 */
export const SEARCH_KEYS = [
  { name: "t", weight: 3 },
  { name: "s", weight: 2 },
  { name: "x", weight: 1 },
];

/** How the browser searches; the benchmark measures queries with the same options. */
export const FUSE_OPTIONS = { keys: SEARCH_KEYS, ignoreLocation: true, threshold: 0.3, minMatchCharLength: 2 };
