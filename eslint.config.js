// The lint of `npm run lint` (part of `npm test`): a few rules, each one finding bugs, none about style.
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";

/** ESLint's own rules that find bugs (nothing about formatting or naming). */
const coreBugRules = {
  "no-unreachable": "error",
  "no-constant-condition": ["error", { checkLoops: "allExceptWhileTrue" }],
  "no-self-compare": "error",
  "no-dupe-keys": "error",
  "no-cond-assign": "error",
  "no-fallthrough": "error",
  "no-self-assign": "error",
  "no-dupe-else-if": "error",
  "no-duplicate-case": "error",
  "no-unsafe-finally": "error",
  "no-unsafe-negation": "error",
  "no-compare-neg-zero": "error",
  "use-isnan": "error",
  "valid-typeof": "error",
  "no-sparse-arrays": "error",
  "no-loss-of-precision": "error",
  "no-async-promise-executor": "error",
  "no-unused-vars": "off",
  "@typescript-eslint/no-unused-vars": [
    "error",
    { args: "after-used", argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
  ],
};

export default defineConfig(
  {
    ignores: [
      "build/**",
      "dist/**",
      "site/**",
      "examples/**",
      "content/**",
      "docs/**",
      "**/fixtures/**",
      ".carta-docs-cache/**",
      "test-results/**",
    ],
  },
  {
    // The JavaScript files (bin/, the .mjs and .cjs helpers) are outside the TypeScript program: core rules only.
    files: ["**/*.js", "**/*.mjs", "**/*.cjs", "bin/carta-docs"],
    languageOptions: { sourceType: "module", ecmaVersion: "latest" },
    plugins: { "@typescript-eslint": tseslint.plugin },
    rules: coreBugRules,
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
  },
  {
    files: ["**/*.ts", "**/*.tsx"],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { "@typescript-eslint": tseslint.plugin },
    rules: {
      ...coreBugRules,
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/no-unnecessary-type-assertion": "error",
      "@typescript-eslint/no-unsafe-argument": "error",
      "@typescript-eslint/no-unsafe-return": "error",
      "@typescript-eslint/no-unsafe-assignment": "error",
    },
  },
  {
    // Tests poke at untyped data on purpose (parsed output, mocks): the unsafe-* rules stay for the toolchain.
    files: ["tests/**"],
    rules: {
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
    },
  },
);
