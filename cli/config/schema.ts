/**
 * The site configuration schema. Types are derived from it (never written twice), and
 * `formatIssues` turns a failed parse into sentences that name the key, the value and what is accepted.
 */
import { z } from "zod";

const position = z.enum(["left", "right"]).default("right");

const navbarItem = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("docSidebar"), sidebarId: z.string(), label: z.string(), position }),
  z.strictObject({ type: z.literal("api"), label: z.string(), position }),
  z.strictObject({ type: z.literal("docsVersionDropdown"), position }),
  z.strictObject({ type: z.literal("link"), label: z.string(), href: z.string(), ariaLabel: z.string().optional(), position }),
  z.strictObject({ type: z.literal("search"), position }),
  z.strictObject({ type: z.literal("colorMode"), position }),
  /** An escape hatch for sites that need their own item: it renders whatever the function returns. */
  z.strictObject({ type: z.literal("custom"), name: z.string(), render: z.function(), position }),
]);

const footerLink = z.strictObject({ label: z.string(), href: z.string() });

/** A part of each version that goes into its llms-full.txt: "docs" or "api", or a path under either. */
const llmsPart = z
  .string()
  .regex(/^(docs|api)(\/[^/\s]+)*$/, 'expected "docs", "api", or a path under either ("docs/code-snippet-tutorial", "api/.-stores")');

export const siteConfigSchema = z.strictObject({
  title: z.string().min(1),
  tagline: z.string().default(""),
  /** Origin the site is published at, used for canonical URLs and the sitemap. */
  url: z.url(),
  /** Path the site lives under; normalised to start and end with "/". */
  baseUrl: z.string().default("/"),
  trailingSlash: z.literal(false).default(false),
  siteVersion: z.string().default("0.0.1"),
  /** Icon of the site, a path under content/static (e.g. "img/favicon.svg"). */
  favicon: z.string().optional(),
  locale: z
    .strictObject({ lang: z.string().default("en"), direction: z.enum(["ltr", "rtl"]).default("ltr") })
    .default({ lang: "en", direction: "ltr" }),
  /** Folder of the content tree, relative to the config file. */
  contentDir: z.string().default("content"),
  /** Folder of page templates that override the built-in ones, relative to the config file. */
  templatesDir: z.string().optional(),
  docs: z
    .strictObject({
      routeBasePath: z.string().default("docs"),
      /** Version served without a version segment; defaults to the first entry of versions.json. */
      lastVersion: z.string().optional(),
      currentLabel: z.string().default("Next"),
      currentPath: z.string().default("next"),
      /** Sidebar of the current (next) docs when content/sidebars.json does not exist. */
      defaultSidebarId: z.string().default("docsSidebar"),
    })
    .prefault({}),
  navbar: z.strictObject({
    title: z.string().optional(),
    logo: z.strictObject({ src: z.string(), alt: z.string() }).optional(),
    hideOnScroll: z.boolean().default(false),
    items: z.array(navbarItem).default([]),
  }),
  footer: z
    .strictObject({
      links: z.array(z.strictObject({ title: z.string(), items: z.array(footerLink) })).default([]),
      copyright: z.string().default(""),
    })
    .prefault({}),
  announcementBar: z
    .strictObject({ id: z.string().min(1), content: z.string(), dismissible: z.boolean().default(true) })
    .optional(),
  tableOfContents: z
    .strictObject({
      minHeadingLevel: z.number().int().min(2).max(6).default(2),
      maxHeadingLevel: z.number().int().min(2).max(6).default(3),
    })
    .prefault({}),
  theme: z
    .strictObject({
      mobileBreakpoint: z.number().int().positive().default(996),
      progressBarDelay: z.number().int().nonnegative().default(200),
      searchPlaceholder: z.string().default("Search Ctrl+K"),
      defaultMode: z.enum(["light", "dark"]).default("light"),
    })
    .prefault({}),
  api: z
    .strictObject({
      routeBasePath: z.string().default("api"),
      /** Root of the viewer checkout, relative to the config file (overridden by --viewer and CARTA_FRONTEND_DIR). */
      viewerDir: z.string().default("../carta-frontend"),
      /** Git ref per frozen version; default `v{version}`. */
      refs: z.record(z.string(), z.string()).default({}),
      repoUrl: z.url(),
      tsconfig: z.string().default("tsconfig.json"),
      index: z.string().default("src/index.tsx"),
      changelog: z.string().default("CHANGELOG.md"),
      entryPoints: z.array(z.strictObject({ slug: z.string(), path: z.string(), title: z.string() })).min(1),
      /** Code snippets type-checked against each version's API (see cli/snippets). */
      snippets: z
        .strictObject({
          /** Doc folders, relative to a version's docs root, whose js/ts code blocks are snippets. */
          include: z.array(z.string()).default([]),
          /** Global name -> exported class (its instance) or variable of the API, e.g. { app: "AppStore" }. */
          globals: z.record(z.string(), z.string()).default({}),
        })
        .prefault({}),
    })
    .optional(),
  /**
   * What is written for AI assistants: a markdown twin of every page, llms.txt and each version's llms-full.txt.
   * `false` writes none of it; `full` narrows what the llms-full.txt files hold (default: all docs and the API).
   */
  llms: z
    .union([z.literal(false), z.strictObject({ full: z.array(llmsPart).min(1).default(["docs", "api"]) })], {
      error: 'expected false or { full: ["docs", "api"] }',
    })
    .default({ full: ["docs", "api"] }),
});

export type SiteConfigInput = z.input<typeof siteConfigSchema>;
export type SiteConfig = z.output<typeof siteConfigSchema>;
export type NavbarItem = SiteConfig["navbar"]["items"][number];

/** Accepted keys of the object at `path` in the schema, for "did you mean" style messages. */
function acceptedKeys(path: PropertyKey[]): string[] {
  let schema: z.ZodType = siteConfigSchema;
  for (const key of path) {
    const inner = unwrap(schema);
    if (inner instanceof z.ZodObject) schema = inner.shape[key as string] ?? schema;
    else if (inner instanceof z.ZodArray) schema = inner.element as z.ZodType;
    else return [];
  }
  const inner = unwrap(schema);
  return inner instanceof z.ZodObject ? Object.keys(inner.shape) : [];
}

function unwrap(schema: z.ZodType): z.ZodType {
  let s: z.ZodType = schema;
  while (s instanceof z.ZodDefault || s instanceof z.ZodOptional || s instanceof z.ZodPrefault || s instanceof z.ZodUnion) {
    // A union of a switch and an object (`llms: false | {...}`): the object's keys are the ones to suggest.
    if (s instanceof z.ZodUnion) {
      const object = (s.options as z.ZodType[]).find((option) => option instanceof z.ZodObject);
      if (!object) break;
      s = object;
    } else s = s.unwrap() as z.ZodType;
  }
  return s;
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function show(value: unknown): string {
  if (typeof value === "function") return "a function";
  const text = JSON.stringify(value);
  if (text === undefined) return String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function keyPath(path: PropertyKey[]): string {
  return path.map((k) => (typeof k === "number" ? `[${k}]` : `.${String(k)}`)).join("").replace(/^\./, "") || "(root)";
}

/** One readable sentence per schema issue. */
export function formatIssues(issues: z.core.$ZodIssue[], input: unknown): string[] {
  return issues.map((issue) => {
    const where = keyPath(issue.path);
    switch (issue.code) {
      case "unrecognized_keys": {
        const accepted = acceptedKeys(issue.path);
        return issue.keys
          .map((k) => {
            const full = keyPath([...issue.path, k]);
            return `unknown key "${full}" (value ${show(valueAt(input, [...issue.path, k]))}); accepted keys here: ${accepted.join(", ")}`;
          })
          .join("\n");
      }
      case "invalid_union": {
        const options = "options" in issue ? issue.options : undefined;
        if (options) {
          return `"${where}" is ${show(valueAt(input, issue.path))}; accepted values: ${options.map((o) => show(o)).join(", ")}`;
        }
        const expected = issue.message.startsWith("expected") ? `; ${issue.message}` : "";
        return `"${where}" (value ${show(valueAt(input, issue.path))}) matches none of the accepted forms${expected}`;
      }
      case "invalid_type": {
        const value = valueAt(input, issue.path);
        if (value === undefined) return `missing required key "${where}" (expected ${issue.expected})`;
        return `"${where}" is ${show(value)}; expected ${issue.expected}`;
      }
      case "invalid_value":
        return `"${where}" is ${show(valueAt(input, issue.path))}; accepted values: ${issue.values.map((v) => show(v)).join(", ")}`;
      default:
        return `"${where}" (value ${show(valueAt(input, issue.path))}): ${issue.message}`;
    }
  });
}
