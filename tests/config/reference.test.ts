/** docs/config.md is generated from the config schema: it must match the schema, and say something of every key. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { configKeys, configReference } from "../../cli/config/reference.ts";
import { siteConfigSchema } from "../../cli/config/schema.ts";
import { ROOT } from "../helpers/site.ts";

/** Dotted paths of every key of the zod schema's objects, found from zod itself (not through the JSON Schema). */
function zodPaths(schema: z.ZodType, prefix: string): string[] {
  let inner: z.ZodType = schema;
  while (inner instanceof z.ZodDefault || inner instanceof z.ZodOptional || inner instanceof z.ZodPrefault) inner = inner.unwrap() as z.ZodType;
  if (inner instanceof z.ZodArray) return zodPaths(inner.element as z.ZodType, `${prefix}[]`);
  if (!(inner instanceof z.ZodObject)) return [];
  return Object.entries(inner.shape as Record<string, z.ZodType>).flatMap(([key, child]) => {
    const at = prefix ? `${prefix}.${key}` : key;
    return [at, ...zodPaths(child, at)];
  });
}

describe("the config reference page", () => {
  it("is what the schema generates (run `npm run config-reference` after changing the schema)", () => {
    expect(fs.readFileSync(path.join(ROOT, "docs/config.md"), "utf8")).toBe(configReference());
  });

  it("lists every key of the schema, each with a description, and every value key with an example", () => {
    const keys = configKeys();
    const listed = new Set(keys.map((k) => k.path));
    for (const key of zodPaths(siteConfigSchema, "")) expect(listed, key).toContain(key);
    for (const key of keys) {
      expect(key.schema.description, `${key.path} has no description`).toBeTruthy();
      if (!key.schema.properties) expect(key.schema.examples?.length, `${key.path} has no example`).toBeGreaterThan(0);
    }
    // The navbar items' own keys, under each type.
    expect(listed).toContain('navbar.items[type="link"].href');
    expect(listed).toContain('navbar.items[type="custom"].render');
  });

  it("shows type, default and example", () => {
    const page = configReference();
    expect(page).toContain('| `title` | string (not empty) | **required** |');
    expect(page).toMatch(/\| `theme\.defaultMode` \| "light" \\\| "dark" \| `"light"` \| .* \| `"dark"` \|/);
    expect(page).toMatch(/\| `tableOfContents\.maxHeadingLevel` \| integer 2 to 6 \| `3` \|/);
  });
});
