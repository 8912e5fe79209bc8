import { defineConfig } from "./cli/config/define.ts";

export default defineConfig({
  title: "CARTA Frontend Documentation",
  tagline: "Welcome to the CARTA frontend documentation",
  url: "https://cartavis.org",
  baseUrl: "/carta-frontend/",
  trailingSlash: false,
  siteVersion: "0.0.1",
  favicon: "img/favicon.svg",
  locale: { lang: "en", direction: "ltr" },
  docs: {
    currentLabel: "Next",
    currentPath: "next",
    // No editUrl: these docs are not (yet) in a public repository whose file paths an "Edit this page" link could name.
    showLastUpdateTime: true,
  },
  home: {
    logo: { src: "img/favicon.svg", alt: "" },
    cards: [
      { title: "Code snippet tutorial", description: "Script the viewer: open images, set up regions and render settings, fit and analyse, from a few lines of JavaScript.", href: "/docs/category/code-snippet-tutorial" },
      { title: "API reference", description: "The stores, services, components and utilities of the frontend, generated from its source for each version.", href: "/api" },
      { title: "Contributing guide", description: "Build the frontend, follow the GitHub workflow, write unit tests and documentation, and make releases.", href: "/docs/category/contributing" },
    ],
  },
  navbar: {
    title: "CARTA Frontend",
    hideOnScroll: false,
    items: [
      { type: "docSidebar", sidebarId: "docsSidebar", label: "Docs", position: "left" },
      { type: "api", label: "API", position: "left" },
      { type: "docsVersionDropdown" },
      { type: "link", label: "GitHub", href: "https://github.com/CARTAvis/carta-frontend", ariaLabel: "Source repository on GitHub" },
      { type: "search" },
      { type: "colorMode" },
    ],
  },
  footer: {
    links: [
      {
        title: "Docs",
        items: [
          { label: "Code snippet tutorial", href: "/docs/category/code-snippet-tutorial" },
          { label: "Contributing", href: "/docs/category/contributing" },
          { label: "API reference", href: "/api" },
        ],
      },
      {
        title: "CARTA",
        items: [
          { label: "CARTA website", href: "https://cartavis.org" },
          { label: "User manual", href: "https://carta.readthedocs.io" },
        ],
      },
      {
        title: "Source",
        items: [
          { label: "carta-frontend", href: "https://github.com/CARTAvis/carta-frontend" },
          { label: "carta-backend", href: "https://github.com/CARTAvis/carta-backend" },
        ],
      },
    ],
    copyright: "Copyright © 2025 CARTA development team.",
  },
  tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
  theme: {
    mobileBreakpoint: 996,
    progressBarDelay: 200,
    searchPlaceholder: "Search Ctrl+K",
    defaultMode: "light",
    respectPrefersColorScheme: false,
  },
  api: {
    viewerDir: "../carta-frontend",
    repoUrl: "https://github.com/CARTAvis/carta-frontend",
    tsconfig: "tsconfig.json",
    index: "src/index.tsx",
    changelog: "CHANGELOG.md",
    entryPoints: [
      { slug: ".-components", path: "src/components/index.ts", title: "Components" },
      { slug: ".-components/Dialogs", path: "src/components/Dialogs/index.ts", title: "Dialogs" },
      { slug: ".-components/Shared", path: "src/components/Shared/index.ts", title: "Shared components" },
      // The 6.0 line moved the enumerations into src/enums; older versions have no such module, so no such area.
      { slug: ".-enums", path: "src/enums/index.ts", title: "Enums", optional: true },
      { slug: ".-models", path: "src/models/index.ts", title: "Models" },
      { slug: ".-services", path: "src/services/index.ts", title: "Services" },
      { slug: ".-stores", path: "src/stores/index.ts", title: "Stores" },
      { slug: ".-utilities", path: "src/utilities/index.ts", title: "Utilities" },
    ],
    // What the viewer's code-snippet dialog runs: each block is type-checked against its version's API, with the
    // globals that version's viewer sets (the 6.0 line adds its enumerations and utilities as `enums` and `utils`).
    snippets: {
      include: ["code-snippet-tutorial"],
      globals: { app: "AppStore", carta: "AppStore" },
      versions: {
        next: { globals: { app: "AppStore", carta: "AppStore", enums: { module: "src/enums/index.ts" }, utils: { module: "src/utilities/index.ts" } } },
      },
    },
  },
});
