/** `_category_.json` files: label, position and index page of a docs folder. */
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { Diagnostics } from "../util/diagnostics.ts";
import { readJsonFile } from "../util/json.ts";
import type { SiteBoundary } from "./insideSite.ts";

const categoryLinkSchema = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("generated-index"),
    title: z.string().optional(),
    description: z.string().optional(),
    slug: z.string().optional(),
    keywords: z.array(z.string()).optional(),
  }),
  z.strictObject({ type: z.literal("doc"), id: z.string() }),
]);

const categorySchema = z.strictObject({
  label: z.string().optional(),
  position: z.number().optional(),
  collapsed: z.boolean().optional(),
  collapsible: z.boolean().optional(),
  className: z.string().optional(),
  description: z.string().optional(),
  link: categoryLinkSchema.nullable().optional(),
  customProps: z.record(z.string(), z.unknown()).optional(),
});

export type CategoryMeta = z.infer<typeof categorySchema>;

/** Whether `file` exists; false in a folder that cannot be searched (EACCES), reported as the docs were listed. */
function folderHolds(file: string): boolean {
  try {
    return fs.lstatSync(file, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}

/** Reads `dir/_category_.json` if present; problems become diagnostics and the defaults are used. */
export function readCategory(dir: string, boundary: SiteBoundary, diagnostics: Diagnostics): CategoryMeta {
  const file = path.join(dir, "_category_.json");
  if (!folderHolds(file) || !boundary.allows(file, diagnostics)) return {};
  const shown = boundary.shown(file);
  const data = readJsonFile(file, shown, diagnostics);
  if (data === undefined) return {};
  const parsed = categorySchema.safeParse(data);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const key = issue.path.join(".") || "(root)";
    const detail =
      issue.code === "unrecognized_keys"
        ? `unknown key(s) ${issue.keys.join(", ")}; accepted: ${Object.keys(categorySchema.shape).join(", ")}`
        : `"${key}": ${issue.message}`;
    diagnostics.error("category", detail, { file: shown });
  }
  return {};
}
