import { configDefaults, defineConfig } from "vitest/config";

/**
 * Two projects: the unit and integration suites under tests/, and the browser
 * suite, which builds and serves the fixture site once per run (globalSetup) and drives Chromium,
 * so it needs longer timeouts.
 */
export default defineConfig({
  test: {
    projects: [
      // Only tests/: caches and checkouts of the viewer (.carta-docs-cache, ...) carry test files of their own.
      { extends: true, test: { name: "unit", include: ["tests/**/*.test.{ts,tsx}"], exclude: [...configDefaults.exclude, "tests/browser/**"] } },
      {
        extends: true,
        test: {
          name: "browser",
          include: ["tests/browser/**/*.test.ts"],
          globalSetup: ["tests/browser/globalSetup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Page events can lag on a busy two-core machine: polls wait longer than the 1 s default.
          expect: { poll: { timeout: 5_000 } },
        },
      },
    ],
  },
});
