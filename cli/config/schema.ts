/**
 * The site configuration schema. Types are derived from it (never written twice), and
 * `formatIssues` turns a failed parse into sentences that name the key, the value and what is accepted.
 */
import { z } from "zod";
import { joinRoute, PLAIN_ROUTE, routeProblem } from "../util/routePath.ts";
import { scriptUrlProblem } from "../util/scriptUrl.ts";

/** What `docs.editUrl` as a function receives for each doc (see content/editUrl.ts). */
export interface EditUrlContext {
  /** The version's docs folder, relative to the content folder: "docs" or "versioned_docs/version-4.1.0". */
  versionDocsDirPath: string;
  /** The doc's file, relative to that folder: "contributing/developer-tips.md". */
  docPath: string;
  /** Version name: "current" for Next (as Docusaurus names it), else the name in versions.json. */
  version: string;
  /** The page's route. */
  permalink: string;
}

export type EditUrlFunction = (context: EditUrlContext) => string | undefined;

/**
 * Every key carries its description and an example (`about`): the config reference page
 * (docs/config.md) is generated from them, and a test keeps the page and this schema in step.
 */
function about<T extends z.ZodType>(schema: T, description: string, example?: unknown): T {
  return schema.meta(example === undefined ? { description } : { description, examples: [example] });
}

/**
 * A route (or route segment) of the site, written in the config: a plain URL path, so that it stays inside
 * the output folder (see util/routePath.ts); "" and "/" are the base path itself.
 */
const route = z.string().superRefine((value, ctx) => {
  const problem = routeProblem(joinRoute("/", value));
  if (problem) ctx.addIssue({ code: "custom", message: `is not a route under the base path: ${problem}; ${PLAIN_ROUTE}` });
});

/** A string that becomes a link on every page: never a URL that runs script. */
function linkHref() {
  return z.string().superRefine((value, ctx) => {
    const problem = scriptUrlProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
}

/**
 * The origin the site is published at. As in Docusaurus, a path belongs in baseUrl (it would be lost from canonical
 * links, the sitemap and the llms files); credentials would be published on every page.
 */
const siteUrl = z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL, e.g. https://example.org" }).superRefine((value, ctx) => {
  const url = new URL(value);
  const problem =
    url.username || url.password
      ? "it holds credentials (user:password@), which would be published in every canonical link and the sitemap; remove them"
      : url.pathname !== "/" || url.search || url.hash
        ? `it has the path "${url.pathname}${url.search}${url.hash}"; url is the origin only (as in Docusaurus): put the path in baseUrl ("${url.pathname.replace(/\/*$/, "/")}") and set url to "${url.origin}"`
        : undefined;
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** The path the site lives under: checked once here, where a bad one would otherwise break every link of every page. */
const basePath = z.string().superRefine((value, ctx) => {
  const url = /^([a-z][a-z0-9+.-]*:\/\/[^/]*)(.*)$/i.exec(value.trim());
  const problem = url
    ? `it is a whole URL; baseUrl is only the path ("${(url[2] || "/").replace(/\/*$/, "/")}"), and the origin goes in url ("${url[1]}")`
    : /[?#\\\s]/.test(value.trim())
      ? 'it may hold only a path: no "?", "#", backslash or whitespace'
      : value.split("/").some((segment) => segment === "." || segment === "..")
        ? 'it may not hold "." or ".." segments'
        : undefined;
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

const position = about(z.enum(["left", "right"]).default("right"), "Side of the navbar the item sits on.", "left");
const label = about(z.string(), "Text of the item.", "Docs");

const navbarItem = about(
  z.discriminatedUnion("type", [
    z.strictObject({ type: z.literal("docSidebar"), sidebarId: about(z.string(), "Sidebar whose first page the item opens, in the page's version.", "docsSidebar"), label, position }),
    z.strictObject({ type: z.literal("api"), label, position }),
    z.strictObject({ type: z.literal("docsVersionDropdown"), position }),
    z.strictObject({
      type: z.literal("link"),
      label,
      href: about(linkHref(), "Where the link leads: a URL, or a path under the site (the base path is added); javascript:, vbscript: and data: URLs are refused.", "https://github.com/me/project"),
      ariaLabel: about(z.string().optional(), "Accessible name, for a link shown as an icon (GitHub links are).", "Source code on GitHub"),
      position,
    }),
    z.strictObject({ type: z.literal("search"), position }),
    z.strictObject({ type: z.literal("colorMode"), position }),
    z.strictObject({
      type: z.literal("custom"),
      name: about(z.string(), "Name of the item, in error messages.", "status-badge"),
      render: about(z.function(), "Renders the item: gets { site, page }, returns a React node.", "({ page }) => page.title"),
      position,
    }),
  ]),
  'One navbar item, chosen by `type`: "docSidebar" (the docs), "api" (the API reference), "docsVersionDropdown" (the version menu), "link", "search", "colorMode" (the light/dark toggle), or "custom" (an escape hatch that renders whatever its function returns).',
);

const footerLink = z.strictObject({
  label: about(z.string(), "Text of the link.", "Contributing"),
  href: about(linkHref(), "Where it leads: a URL, or a path under the site; javascript:, vbscript: and data: URLs are refused.", "/docs/contributing"),
});

/**
 * Where a redirect leads from: a path under the site, as a doc's slug (a plain URL path); its page is written there
 * (`/docs/old` is docs/old.html), so it may not leave the output folder.
 */
const redirectFrom = z.string().superRefine((value, ctx) => {
  const problem = value.startsWith("/") ? routeProblem(value) : 'it does not start with "/"';
  if (problem) ctx.addIssue({ code: "custom", message: `is not a path under the site: ${problem}; write the old page's path from the site root ("/docs/old-page"): ${PLAIN_ROUTE}` });
});

/** Where a redirect leads to: a path under the site, with an anchor if need be, or an http(s) URL. */
const redirectTo = z.string().superRefine((value, ctx) => {
  const external = /^https?:\/\/[^/]/i.test(value);
  if (!external && !(value.startsWith("/") && !value.startsWith("//"))) ctx.addIssue({ code: "custom", message: 'must be a path under the site ("/docs/new-page", an "#anchor" may follow) or an http:// or https:// URL' });
});

/** A part of each version that goes into its llms-full.txt: "docs" or "api", or a path under either. */
const llmsPart = z
  .string()
  .regex(/^(docs|api)(\/[^/\s]+)*$/, 'expected "docs", "api", or a path under either ("docs/code-snippet-tutorial", "api/.-stores")');

/** What a snippet global is: an export of the API by name, or a module of the code base by path. */
const snippetGlobal = z.union([z.string(), z.strictObject({ module: about(z.string(), "Module of the code base, relative to its root.", "src/enums/index.ts") })], {
  error: 'expected the name of an exported class or variable ("AppStore") or { module: "src/x/index.ts" }',
});

export const siteConfigSchema = z.strictObject({
  title: about(z.string().min(1), "Name of the site: the navbar title, the home page heading and the end of every page title. The one key a config needs.", "My Project Docs"),
  tagline: about(z.string().default(""), "One line under the title on the home page, and the description of pages that have none.", "Fast docs for my project"),
  url: about(siteUrl.optional(), "Origin the site is published at (an http or https URL), for canonical URLs and the sitemap (neither is written without it). Only the origin, as in Docusaurus: a path goes in baseUrl; no user:password@.", "https://example.org"),
  baseUrl: about(basePath.default("/"), 'Path the site lives under (only a path: no origin, query, spaces or dot segments); normalised to start and end with "/".', "/my-project/"),
  trailingSlash: about(z.literal(false).default(false), "Routes never end with a slash (/docs/intro is docs/intro.html); the only value.", false),
  siteVersion: about(z.string().default("0.0.1"), "Version of the site, shown in the generator meta tag.", "1.2.0"),
  favicon: about(z.string().optional(), "Icon of the site, a path under content/static.", "img/favicon.svg"),
  locale: about(
    z
      .strictObject({
        lang: about(z.string().default("en"), "Language of the pages (the lang attribute).", "fr"),
        direction: about(z.enum(["ltr", "rtl"]).default("ltr"), "Writing direction.", "rtl"),
      })
      .default({ lang: "en", direction: "ltr" }),
    "Language and direction of the pages.",
  ),
  onBrokenMarkdownLinks: about(
    z.enum(["ignore", "warn", "throw"]).default("warn"),
    'What a markdown link to a .md file that resolves to no doc of its version does, as Docusaurus\' key of that name (top level, where CARTA\'s config has it; Docusaurus 3.9 also reads it from markdown.hooks): "warn" reports it with its file, line and the nearest doc and keeps the link as written; "throw" fails the build; "ignore" says nothing. Docusaurus\' "log" has no counterpart here (carta-docs reports warnings and errors only): use "warn" or "ignore". `check --strict` fails on the warning.',
    "throw",
  ),
  contentDir: about(z.string().default("content"), "Folder of the content tree, relative to the config file.", "website"),
  templatesDir: about(z.string().optional(), "Folder of page templates (home.tsx, doc.tsx, ...) that replace the built-in ones, relative to the config file.", "templates"),
  docs: about(
    z
      .strictObject({
        routeBasePath: about(route.default("docs"), "Route of the docs under the base path: a plain URL path (no `.` or `..` segments, backslashes, `?` or `#`), as every route key.", "guide"),
        lastVersion: about(z.string().optional(), "Version served without a version segment; by default the first entry of versions.json.", "2.0.0"),
        currentLabel: about(z.string().default("Next"), "Label of the current (unreleased) docs in content/docs.", "Main"),
        currentPath: about(route.default("next"), "Route segment of the current docs when a released version is the latest (a plain URL path).", "main"),
        defaultSidebarId: about(z.string().default("docsSidebar"), "Id of the sidebar generated from the folders when content/sidebars.json does not exist.", "guideSidebar"),
        editUrl: about(
          z
            .union([linkHref(), z.custom<EditUrlFunction>((value) => typeof value === "function")], {
              error: "a base URL string, or a function ({ versionDocsDirPath, docPath, version, permalink }) returning the URL",
            })
            .optional(),
          '"Edit this page" on every doc: a base URL the doc\'s path is appended to (as in Docusaurus: + "versioned_docs/version-4.1.0/intro.md"), or a function of { versionDocsDirPath, docPath, version, permalink } returning the URL (undefined: no link).',
          "https://github.com/me/my-project/edit/main/website/",
        ),
        showLastUpdateTime: about(z.boolean().default(false), '"Last updated on <date>" from each doc\'s latest git commit (nothing when the content is not in git).', true),
        showLastUpdateAuthor: about(z.boolean().default(false), '"... by <author>" from the same commit.', true),
      })
      .prefault({}),
    "The docs section and its versions.",
  ),
  navbar: about(
    z
      .strictObject({
        title: about(z.string().optional(), "Title in the navbar; by default `title`.", "My Project"),
        logo: about(
          z.strictObject({ src: about(z.string(), "Image path under content/static.", "img/logo.svg"), alt: about(z.string(), "Text alternative of the logo.", "My Project logo") }).optional(),
          "Logo beside the navbar title.",
        ),
        hideOnScroll: about(z.boolean().default(false), "Hide the navbar while scrolling down, show it again on scrolling up.", true),
        items: about(
          z.array(navbarItem).optional(),
          "Items of the navbar, in order. Without it: the docs, the API reference (with an `api` section), the version menu (with versions), search and the colour-mode toggle.",
          [{ type: "docSidebar", sidebarId: "docsSidebar", label: "Docs", position: "left" }, { type: "search" }],
        ),
      })
      .prefault({}),
    "The bar at the top of every page.",
  ),
  footer: about(
    z
      .strictObject({
        links: about(
          z.array(z.strictObject({ title: about(z.string(), "Heading of the column.", "Docs"), items: about(z.array(footerLink), "Links of the column.", [{ label: "Introduction", href: "/docs" }]) })).default([]),
          "Columns of links.",
          [{ title: "Docs", items: [{ label: "Introduction", href: "/docs" }] }],
        ),
        copyright: about(z.string().default(""), "Line at the bottom of the footer.", "Copyright © 2026 Me."),
      })
      .prefault({}),
    "The footer of every page.",
  ),
  home: about(
    z
      .strictObject({
        logo: about(
          z.strictObject({ src: about(z.string(), "Image path under content/static.", "img/logo.svg"), alt: about(z.string().default(""), 'Text alternative; "" when the title beside it says it all.', "") }).optional(),
          "Logo in the home page's hero.",
        ),
        cards: about(
          z.array(z.strictObject({ title: about(z.string(), "Heading of the card.", "Tutorial"), description: about(z.string().default(""), "One line under it.", "Start here."), href: about(linkHref(), "Where it leads, relative to the site root like footer links.", "/docs/category/tutorial") })).default([]),
          "Cards below the hero, leading into the site.",
          [{ title: "Tutorial", description: "Start here.", href: "/docs/category/tutorial" }],
        ),
      })
      .prefault({}),
    "The home page: a logo in the hero and cards leading into the site.",
  ),
  announcementBar: about(
    z
      .strictObject({
        id: about(z.string().min(1), "Identifies the announcement: a dismissed one shows again when its id changes.", "release-2-0"),
        content: about(z.string(), "Text of the announcement: HTML, through the same allow-list as raw HTML in markdown (what it removes is a warning).", "Version 2.0 is out!"),
        dismissible: about(z.boolean().default(true), "Whether readers can close it.", false),
      })
      .optional(),
    "A bar above the navbar on every page.",
  ),
  tableOfContents: about(
    z
      .strictObject({
        minHeadingLevel: about(z.number().int().min(2).max(6).default(2), "Highest heading level listed in a page's table of contents.", 2),
        maxHeadingLevel: about(z.number().int().min(2).max(6).default(3), "Lowest heading level listed.", 4),
      })
      .prefault({}),
    "Which headings a page's table of contents lists (a doc's front matter may override it).",
  ),
  theme: about(
    z
      .strictObject({
        mobileBreakpoint: about(z.number().int().positive().default(996), "Width in pixels below which the sidebar becomes a menu.", 768),
        progressBarDelay: about(z.number().int().nonnegative().default(200), "Milliseconds before a page change shows the progress bar.", 100),
        searchPlaceholder: about(z.string().default("Search Ctrl+K"), "Placeholder of the search box.", "Search the docs"),
        defaultMode: about(z.enum(["light", "dark"]).default("light"), "Colour mode before the reader chooses one.", "dark"),
        respectPrefersColorScheme: about(z.boolean().default(false), "Start in the reader's system colour mode (and follow its changes) until they pick one; off by default.", true),
      })
      .prefault({}),
    "Look and behaviour of the pages.",
  ),
  mdx: about(
    z
      .strictObject({
        linkComponents: about(
          z.record(z.string(), z.string()).default({}),
          "Components of .mdx docs that are links, by name: the target, with {attribute} replaced by the element's attribute and {docs} by the docs root of the page's version. Other components are reported as errors.",
          { ApiLink: "api:{path}", DocsIndexLink: "{docs}/category{path}" },
        ),
      })
      .prefault({}),
    "How .mdx docs (Docusaurus MDX) are read.",
  ),
  api: about(
    z
      .strictObject({
        routeBasePath: about(route.default("api"), "Route of the API reference under the base path (a plain URL path).", "reference"),
        viewerDir: about(z.string().default("../carta-frontend"), "Root of the code base to document, relative to the config file (overridden by --viewer and CARTA_FRONTEND_DIR).", "../my-project"),
        refs: about(z.record(z.string(), z.string()).default({}), "Git ref of each frozen version without an API snapshot; by default `v{version}`.", { "1.0.0": "release-1.0" }),
        repoUrl: about(z.url(), "Repository of the code base, for links to the source of each declaration.", "https://github.com/me/my-project"),
        tsconfig: about(z.string().default("tsconfig.json"), "tsconfig of the code base, relative to its root.", "tsconfig.build.json"),
        index: about(z.string().default("src/index.tsx"), "The code base's own index file: converted too, but given no pages.", "src/index.ts"),
        changelog: about(z.string().default("CHANGELOG.md"), "Changelog of the code base, relative to its root, shown as the API changelog page.", "docs/CHANGES.md"),
        links: about(
          z
            .strictObject({
              snippets: about(
                z.boolean().default(true),
                "Names in snippet code blocks link to the API member they resolve to in the page's version (signature on hover and focus), and API pages list the tutorial sections using them.",
                false,
              ),
              inlineCode: about(z.boolean().default(true), "Inline code in prose naming one API item or member of the page's version (`AppStore.openFile`, `openFile()` in a section about AppStore) links to it.", false),
            })
            .prefault({}),
          "Links from the docs into the API, made from what the snippet check resolved and from inline code.",
        ),
        entryPoints: about(
          z
            .array(
              z.strictObject({
                slug: about(route, "Route segment of the area (a plain URL path).", "core"),
                path: about(z.string(), "Module whose exports the area documents, relative to the code base's root.", "src/core/index.ts"),
                title: about(z.string(), "Title of the area.", "Core"),
                optional: about(
                  z.boolean().optional(),
                  "A module only some versions' code bases have (an area a later release added): a version without it has no such area, where a missing module is otherwise an error.",
                  true,
                ),
              }),
            )
            .min(1),
          "The areas of the API reference: one module each.",
          [{ slug: "core", path: "src/index.ts", title: "Core" }],
        ),
        snippets: about(
          z
            .strictObject({
              include: about(z.array(z.string()).default([]), "Doc folders, relative to a version's docs root, whose js/ts code blocks are snippets, type-checked against that version's API.", ["code-snippet-tutorial"]),
              globals: about(
                z.record(z.string(), snippetGlobal).default({}),
                'Globals a snippet sees: name -> exported class of the API (the global is an instance of it) or exported variable, or { module: "src/x/index.ts" } for a module of the code base (the global is its namespace).',
                { app: "AppStore" },
              ),
              versions: about(
                z.record(z.string(), z.strictObject({ globals: about(z.record(z.string(), snippetGlobal), "The globals of this version's snippets, in place of `globals`.", { app: "AppStore" }) })).optional(),
                'Per version (as the API names it: "next" for the current one, else the version string): globals that differ from `globals`, when the code base set other globals in that version.',
                { next: { globals: { app: "AppStore", enums: { module: "src/enums/index.ts" } } } },
              ),
            })
            .prefault({}),
          "Code snippets checked like links: each block in the included folders must type-check against the API of its page's version (a block opts out with the meta word nocheck).",
        ),
      })
      .optional(),
    "An API reference generated by TypeDoc from a TypeScript code base, per docs version.",
  ),
  llms: about(
    z
      .union([z.literal(false), z.strictObject({ full: about(z.array(llmsPart).min(1).default(["docs", "api"]), "What each version's llms-full.txt holds: docs, api, or paths under either.", ["docs/code-snippet-tutorial", "api/.-stores"]) })], {
        error: 'expected false or { full: ["docs", "api"] }',
      })
      .default({ full: ["docs", "api"] }),
    "What is written for AI assistants: a markdown twin of every page, llms.txt and each version's llms-full.txt; false writes none of it.",
    { full: ["docs"] },
  ),
  redirects: about(
    z
      .array(
        z.strictObject({
          from: about(redirectFrom, 'The old path, from the site root like other hrefs (a plain URL path, as a slug: no "." or ".." segments, backslashes, "?" or "#"); no page of the site may have it.', "/docs/old-page"),
          to: about(redirectTo, "Where it leads: a path under the site (checked like a navbar link; an #anchor may follow) or an http(s) URL.", "/docs/new-page#setup"),
        }),
      )
      .default([]),
    "Old URLs kept working: each is written as a static page (a canonical link, a meta refresh, noindex, a link for readers) at `from` that sends readers to `to`. The sitemap lists only `to`; search and the llms files leave them out.",
    [{ from: "/docs/old-page", to: "/docs/new-page" }],
  ),
});

export type SiteConfigInput = z.input<typeof siteConfigSchema>;
export type SiteConfig = z.output<typeof siteConfigSchema>;
export type NavbarItem = NonNullable<SiteConfig["navbar"]["items"]>[number];

/** The navbar of a config that lists no items: what a docs site usually shows (the version menu only with versions). */
export function defaultNavbarItems(config: Pick<SiteConfig, "docs" | "api">): NavbarItem[] {
  return [
    { type: "docSidebar", sidebarId: config.docs.defaultSidebarId, label: "Docs", position: "left" },
    ...(config.api ? [{ type: "api", label: "API", position: "left" } as const] : []),
    { type: "docsVersionDropdown", position: "right" },
    { type: "search", position: "right" },
    { type: "colorMode", position: "right" },
  ];
}

/** Accepted keys of the object at `path` in the schema, for "did you mean" style messages. */
function acceptedKeys(path: PropertyKey[]): string[] {
  let schema: z.ZodType = siteConfigSchema;
  for (const key of path) {
    const inner = unwrap(schema);
    if (inner instanceof z.ZodObject) schema = (inner.shape as Record<string, z.ZodType | undefined>)[key as string] ?? schema;
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
  // Credentials in a URL are not repeated into a CI log.
  const text = JSON.stringify(value)?.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/@"\s]*@/gi, "$1***@");
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
        // A union's own message says what it accepts; zod's default says nothing.
        if (issue.message && issue.message !== "Invalid input") {
          return `"${where}" is ${show(valueAt(input, issue.path))}; ${issue.message.startsWith("expected") ? issue.message : `expected ${issue.message}`}`;
        }
        return `"${where}" (value ${show(valueAt(input, issue.path))}) matches none of the accepted forms`;
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
