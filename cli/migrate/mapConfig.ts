/**
 * A Docusaurus config (evaluated: see evaluateModule.ts) mapped to a carta-docs config: what has a counterpart
 * is carried over, and every other key is listed with its line in the Docusaurus config and why, for the report.
 */
import type { SiteConfigInput } from "../config/schema.ts";
import type { ConfigSource } from "./configSource.ts";
import { isStub } from "./evaluateModule.ts";
import type { MigrationReport } from "./report.ts";

type Data = Record<string, unknown>;

/** The options of the plugins migrate reads; undefined when the site does not use one. */
export interface SitePlugins {
  docs: Data;
  blog?: Data;
  pages: Data;
  api?: Data;
  /** The search plugin's name, when the site has one (carta-docs' own search replaces it). */
  search?: string;
}

const asData = (value: unknown): Data => (value && typeof value === "object" && !Array.isArray(value) && !isStub(value) ? (value as Data) : {});
const asString = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/** Why a Docusaurus key has no counterpart, by key (top level, themeConfig and the docs plugin's options). */
const WHY: Record<string, string> = {
  organizationName: "a deployment setting; carta-docs builds a folder you deploy as you like",
  projectName: "a deployment setting; carta-docs builds a folder you deploy as you like",
  deploymentBranch: "a deployment setting; carta-docs builds a folder you deploy as you like",
  githubHost: "a deployment setting; carta-docs builds a folder you deploy as you like",
  i18n: "carta-docs builds one locale (locale.lang is set from defaultLocale)",
  prism: "code is highlighted at build time by highlight.js with carta-docs' own themes",
  colorMode: "theme.defaultMode and theme.respectPrefersColorScheme are set from it; other colour-mode options have no counterpart",
  customCss: "carta-docs has its own stylesheet; port the rules that matter to a template of your own (templatesDir)",
  customFields: "no counterpart: read by the site's React code, which carta-docs does not run",
  scripts: "no counterpart: carta-docs pages load only their own script",
  stylesheets: "no counterpart: carta-docs pages load only their own stylesheet",
  headTags: "no counterpart",
  clientModules: "no counterpart: carta-docs does not run the site's React code",
  themes: "no counterpart: carta-docs has one theme",
  staticDirectories: "only static/ is copied (to content/static)",
  markdown: "carta-docs reads markdown and MDX its own way (see the README's Docusaurus MDX section)",
  future: "no counterpart",
  noIndex: "no counterpart",
  titleDelimiter: "no counterpart",
  baseUrlIssueBanner: "carta-docs shows its own banner when a site is opened under another base path",
  onDuplicateRoutes: "duplicate routes are always errors",
  onBrokenAnchors: "anchors are always checked",
  tagline: "",
  image: "no counterpart (social card image)",
  metadata: "no counterpart (extra meta tags)",
  algolia: "carta-docs has its own search (built at build time, no service)",
  docs: "themeConfig.docs: the sidebar behaves as carta-docs' does",
  tableOfContents: "",
  sidebarCollapsible: "no counterpart",
  sidebarCollapsed: "no counterpart",
  breadcrumbs: "no counterpart: carta-docs shows breadcrumbs",
  remarkPlugins: "no counterpart: carta-docs does not run remark plugins",
  rehypePlugins: "no counterpart: carta-docs does not run rehype plugins",
  beforeDefaultRemarkPlugins: "no counterpart: carta-docs does not run remark plugins",
  beforeDefaultRehypePlugins: "no counterpart: carta-docs does not run rehype plugins",
  versions: "labels and paths of frozen versions have no counterpart (their old routes get redirects)",
  onlyIncludeVersions: "every version is built",
  includeCurrentVersion: "the current docs are always built",
  disableVersioning: "no counterpart",
  exclude: "no counterpart: every markdown file of the docs is a doc",
  include: "no counterpart: .md and .mdx files are docs",
  numberPrefixParser: "number prefixes are stripped as Docusaurus does by default",
  admonitions: "the five Docusaurus admonitions are built in",
  tagsBasePath: "doc tags have no pages in carta-docs",
  tags: "doc tags have no pages in carta-docs",
  docItemComponent: "no counterpart: carta-docs does not run React components of the site",
  docCategoryGeneratedIndexComponent: "no counterpart: carta-docs does not run React components of the site",
  editCurrentVersion: "editUrl applies to every version",
  editLocalizedFiles: "one locale only",
};

/** The keys the mapping reads, per place; others are reported. */
const READ_TOP = new Set(["title", "tagline", "url", "baseUrl", "trailingSlash", "favicon", "onBrokenLinks", "onBrokenMarkdownLinks", "presets", "plugins", "themeConfig", "i18n", "organizationName", "projectName"]);
const READ_THEME = new Set(["navbar", "footer", "announcementBar", "colorMode", "tableOfContents"]);
const READ_DOCS = new Set(["path", "routeBasePath", "sidebarPath", "editUrl", "lastVersion", "showLastUpdateTime", "showLastUpdateAuthor", "versions", "id"]);

function isPlugin(name: unknown, plugin: string): boolean {
  return typeof name === "string" && (name === plugin || name.includes(`/${plugin}/`) || name.endsWith(`/${plugin}`) || name.includes(`${plugin}/lib`));
}

/** The plugins' options, from the classic preset and the plugin list. */
function pluginsOf(config: Data, report: MigrationReport, source: ConfigSource, file: string): SitePlugins {
  const plugins: SitePlugins = { docs: {}, pages: {} };
  for (const preset of Array.isArray(config.presets) ? config.presets : []) {
    const [name, options] = (Array.isArray(preset) ? preset : [preset, {}]) as unknown[];
    if (!isPlugin(name, "classic") && !isPlugin(name, "preset-classic") && name !== "@docusaurus/preset-classic") {
      report.unsupported(file, source.lineOf("presets"), `preset ${String(name)}`, "only the classic preset is read");
      continue;
    }
    const opts = asData(options);
    if (opts.docs !== false) plugins.docs = asData(opts.docs);
    if (opts.blog !== false && opts.blog !== undefined) plugins.blog = asData(opts.blog);
    if (opts.pages !== false) plugins.pages = asData(opts.pages);
    const theme = asData(opts.theme);
    if (theme.customCss !== undefined) report.unsupported(file, source.lineOf("customCss"), "theme.customCss", WHY.customCss!);
    for (const key of Object.keys(opts)) {
      if (!["docs", "blog", "pages", "theme"].includes(key)) report.unsupported(file, source.lineOf(key), `preset option ${key}`, key === "sitemap" ? "carta-docs writes sitemap.xml itself when url is set" : "no counterpart");
    }
  }
  for (const entry of Array.isArray(config.plugins) ? config.plugins : []) {
    const [name, options] = (Array.isArray(entry) ? entry : [entry, {}]) as unknown[];
    const line = source.lineOf("plugins");
    if (isPlugin(name, "docusaurus-plugin-typedoc-api")) plugins.api = asData(options);
    else if (isPlugin(name, "plugin-content-docs")) {
      if (Object.keys(plugins.docs).length === 0 || asData(options).id === undefined) plugins.docs = asData(options);
      else report.unsupported(file, line, `docs plugin "${String(asData(options).id)}"`, "carta-docs has one docs section: its docs are not migrated; move them into the main docs by hand");
    } else if (isPlugin(name, "plugin-content-blog")) plugins.blog = asData(options);
    else if (typeof name === "string" && /lunr-search|search-local|docusaurus-search/.test(name)) {
      plugins.search = name;
      report.note(`search: ${name.replace(/^.*node_modules\//, "")} replaced by carta-docs' built-in search (search-doc.json and search-index.json keep their names)`);
    } else report.unsupported(file, line, `plugin ${typeof name === "function" ? "(a function)" : String(name)}`, "no counterpart: carta-docs does not run Docusaurus plugins");
  }
  return plugins;
}

/** A navbar or footer link's target: `to` is a path under the site, `href` a URL or a path. */
function hrefOf(item: Data): string | undefined {
  return asString(item.to) ?? asString(item.href);
}

/** Whether a navbar html item is a hand-written button to the API reference (CARTA's: an onclick building "/api" + the version). */
function isApiButton(html: string): boolean {
  return /<(a|button)\b/i.test(html) && /["'`/]api\b/.test(html.replace(/\s+/g, " ")) && /\bapi\b/i.test(html.replace(/<[^>]*>/g, ""));
}

function textOf(html: string): string {
  return html.replace(/<[^>]*>/g, "").replace(/\s+/g, " ").trim();
}

type NavbarItemInput = NonNullable<NonNullable<SiteConfigInput["navbar"]>["items"]>[number];

function navbarItems(items: unknown[], hasApi: boolean, hasSearch: boolean, report: MigrationReport, source: ConfigSource, file: string): NavbarItemInput[] {
  const out: NavbarItemInput[] = [];
  const line = source.lineOf("items");
  for (const raw of items) {
    const item = asData(raw);
    const position = item.position === "right" ? "right" : "left"; // Docusaurus' default is left
    const label = asString(item.label) ?? "";
    switch (item.type ?? "default") {
      case "docSidebar":
        out.push({ type: "docSidebar", sidebarId: asString(item.sidebarId) ?? "docsSidebar", label: label || "Docs", position });
        break;
      case "docsVersionDropdown":
        out.push({ type: "docsVersionDropdown", position });
        break;
      case "search":
        out.push({ type: "search", position });
        break;
      case "html": {
        const html = asString(item.value) ?? "";
        if (hasApi && isApiButton(html)) {
          out.push({ type: "api", label: textOf(html) || "API", position });
          report.note(`navbar: the hand-written HTML button to the API ("${textOf(html)}") became carta-docs' API item, which opens the API of the page's version`);
        } else report.needsPerson(file, line, `navbar html item "${textOf(html).slice(0, 40)}" left out: carta-docs' navbar takes links, the docs, the API, the version menu, search and the colour toggle (or a custom item rendered by a function)`);
        break;
      }
      case "default":
      case "doc":
      case "docsVersion": {
        const href = item.type === "doc" ? `/${asString(item.docId) ?? ""}` : hrefOf(item);
        if (href) out.push({ type: "link", label, href, position });
        else report.needsPerson(file, line, `navbar item "${label}" has no link target and was left out`);
        break;
      }
      default:
        report.needsPerson(file, line, `navbar item of type "${String(item.type)}"${label ? ` ("${label}")` : ""} left out: no counterpart (a dropdown's links can become links)`);
    }
  }
  if (hasSearch && !out.some((item) => item.type === "search")) out.push({ type: "search", position: "right" });
  out.push({ type: "colorMode", position: "right" });
  return out;
}

function footerOf(footer: Data, report: MigrationReport, source: ConfigSource, file: string): NonNullable<SiteConfigInput["footer"]> {
  const links = Array.isArray(footer.links) ? footer.links.map(asData) : [];
  const column = (items: Data[]) => items.flatMap((item) => {
    const href = hrefOf(item);
    if (href && asString(item.label)) return [{ label: asString(item.label)!, href }];
    report.needsPerson(file, source.lineOf("links"), `footer item ${asString(item.label) ?? (item.html ? "(html)" : "")} left out: only links with a label carry over`);
    return [];
  });
  // Columns ({ title, items }) or one row of links.
  const columns = links.some((l) => Array.isArray(l.items)) ? links.map((l) => ({ title: asString(l.title) ?? "", items: column(Array.isArray(l.items) ? l.items.map(asData) : []) })) : links.length > 0 ? [{ title: "", items: column(links) }] : [];
  // carta-docs is not Docusaurus: the credit line goes.
  const copyright = (asString(footer.copyright) ?? "").replace(/\s*Built with Docusaurus\.?/, "");
  const computed = source.computedValue("copyright");
  if (computed && copyright) {
    report.note(`footer: the copyright is computed when the config runs (${computed.length > 60 ? `${computed.slice(0, 57)}...` : computed}); it is now the text it gave: "${copyright}"`);
  }
  if (footer.style !== undefined) report.unsupported(file, source.lineOf("style"), "themeConfig.footer.style", "carta-docs' footer has one style, following the colour mode");
  if (footer.logo !== undefined) report.unsupported(file, source.lineOf("logo"), "themeConfig.footer.logo", "no counterpart");
  return { links: columns, copyright };
}

export interface MappedConfig {
  config: SiteConfigInput & Data;
  plugins: SitePlugins;
}

/**
 * The carta-docs config of a Docusaurus config, without its `api` section (apiSection.ts) and redirects
 * (routes.ts). `hasApi`: the site uses the TypeDoc API plugin; `hasSearch`: it has a search plugin.
 */
export function mapConfig(config: Data, source: ConfigSource, file: string, report: MigrationReport): MappedConfig {
  const plugins = pluginsOf(config, report, source, file);
  const themeConfig = asData(config.themeConfig);
  const navbar = asData(themeConfig.navbar);
  const hasSearch = JSON.stringify(config.plugins ?? []).match(/search/) !== null || themeConfig.algolia !== undefined || (Array.isArray(config.themes) && JSON.stringify(config.themes).includes("search"));
  const out: SiteConfigInput & Data = { title: asString(config.title) ?? "Documentation" };
  if (asString(config.tagline)) out.tagline = asString(config.tagline);
  if (asString(config.url)) out.url = asString(config.url)!.replace(/\/+$/, "");
  if (asString(config.baseUrl)) out.baseUrl = asString(config.baseUrl);
  if (config.trailingSlash === true) report.needsPerson(file, source.lineOf("trailingSlash"), "trailingSlash: true has no counterpart: carta-docs routes never end with a slash (a static host serves /docs/intro for /docs/intro/ on most hosts)");
  if (asString(config.favicon)) out.favicon = asString(config.favicon);
  const brokenMarkdown = asString(config.onBrokenMarkdownLinks);
  if (brokenMarkdown) out.onBrokenMarkdownLinks = brokenMarkdown === "log" ? "warn" : (brokenMarkdown as "warn");
  if (asString(config.onBrokenLinks) && config.onBrokenLinks !== "throw") report.note(`onBrokenLinks "${String(config.onBrokenLinks)}": carta-docs always reports a broken link as an error`);
  const i18n = asData(config.i18n);
  if (asString(i18n.defaultLocale)) out.locale = { lang: asString(i18n.defaultLocale)!, direction: "ltr" };
  if (Array.isArray(i18n.locales) && i18n.locales.length > 1) report.needsPerson(file, source.lineOf("locales"), `i18n: only the default locale (${String(i18n.defaultLocale)}) is migrated; the others (${i18n.locales.filter((l) => l !== i18n.defaultLocale).join(", ")}) have no counterpart`);

  out.navbar = {
    ...(asString(navbar.title) && { title: asString(navbar.title) }),
    // Docusaurus reads a logo's path from the base path; carta-docs' navbar takes it so when it starts with "/".
    ...(asString(asData(navbar.logo).src) && { logo: { src: `/${asString(asData(navbar.logo).src)!.replace(/^\/+/, "")}`, alt: asString(asData(navbar.logo).alt) ?? "" } }),
    ...(navbar.hideOnScroll === true && { hideOnScroll: true }),
    items: navbarItems(Array.isArray(navbar.items) ? navbar.items : [], plugins.api !== undefined, hasSearch, report, source, file),
  };
  out.footer = footerOf(asData(themeConfig.footer), report, source, file);
  const bar = asData(themeConfig.announcementBar);
  if (asString(bar.content)) out.announcementBar = { id: asString(bar.id) ?? "announcement-bar", content: asString(bar.content)!, dismissible: bar.isCloseable !== false };
  const colorMode = asData(themeConfig.colorMode);
  if (colorMode.defaultMode === "dark" || colorMode.respectPrefersColorScheme === true) {
    out.theme = { ...(colorMode.defaultMode === "dark" && { defaultMode: "dark" }), ...(colorMode.respectPrefersColorScheme === true && { respectPrefersColorScheme: true }) };
  }
  const toc = asData(themeConfig.tableOfContents);
  if (typeof toc.minHeadingLevel === "number" || typeof toc.maxHeadingLevel === "number") {
    out.tableOfContents = { ...(typeof toc.minHeadingLevel === "number" && { minHeadingLevel: toc.minHeadingLevel }), ...(typeof toc.maxHeadingLevel === "number" && { maxHeadingLevel: toc.maxHeadingLevel }) };
  }

  const docs = plugins.docs;
  const current = asData(asData(docs.versions).current);
  out.docs = {
    ...(asString(docs.routeBasePath) !== undefined && { routeBasePath: asString(docs.routeBasePath)!.replace(/^\/+|\/+$/g, "") }),
    ...(asString(docs.lastVersion) && docs.lastVersion !== "current" && { lastVersion: asString(docs.lastVersion) }),
    ...(asString(current.label) && { currentLabel: asString(current.label) }),
    ...(asString(current.path) && { currentPath: asString(current.path)!.replace(/^\/+|\/+$/g, "") }),
    ...(typeof docs.editUrl === "string" && { editUrl: docs.editUrl }),
    ...(docs.showLastUpdateTime === true && { showLastUpdateTime: true }),
    ...(docs.showLastUpdateAuthor === true && { showLastUpdateAuthor: true }),
  };
  if (typeof docs.editUrl === "function") report.needsPerson(file, source.lineOf("editUrl"), 'docs editUrl is a function: carta-docs takes one too (its argument has the same fields), but its code was not copied; write it in site.config.ts under docs.editUrl');
  if (docs.lastVersion === "current") report.needsPerson(file, source.lineOf("lastVersion"), 'docs lastVersion "current" (the Next docs served at the docs root) has no counterpart: the newest frozen version is served there');

  for (const key of Object.keys(config)) if (!READ_TOP.has(key)) report.unsupported(file, source.lineOf(key), key, WHY[key] || "no counterpart");
  for (const key of Object.keys(themeConfig)) if (!READ_THEME.has(key)) report.unsupported(file, source.lineOf(key), `themeConfig.${key}`, WHY[key] || "no counterpart");
  for (const key of Object.keys(colorMode)) if (!["defaultMode", "respectPrefersColorScheme"].includes(key)) report.unsupported(file, source.lineOf(key), `themeConfig.colorMode.${key}`, "no counterpart");
  for (const key of Object.keys(docs)) {
    if (!READ_DOCS.has(key)) report.unsupported(file, source.lineOf(key), `docs.${key}`, WHY[key] || "no counterpart");
    else if (key === "versions" && Object.keys(asData(docs.versions)).some((name) => name !== "current")) report.unsupported(file, source.lineOf("versions"), "docs.versions (frozen versions' label, path, banner)", WHY.versions!);
  }
  return { config: out, plugins };
}
