import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig, normaliseBaseUrl, validateConfig } from "../../cli/config/load.ts";
import { CartaDocsError } from "../../cli/util/diagnostics.ts";
import { ROOT, cleanTemp, tempDir, write } from "../helpers/site.ts";

afterAll(cleanTemp);

const minimal = { title: "T", url: "https://example.org", baseUrl: "/x/", navbar: { items: [] } };

function messagesOf(fn: () => unknown): string[] {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(CartaDocsError);
    return (error as CartaDocsError).diagnostics.map((d) => d.message);
  }
  throw new Error("expected a CartaDocsError");
}

describe("the CARTA site config", () => {
  it("loads with the values of the spec", async () => {
    const config = await loadConfig("site.config.ts", ROOT);
    expect(config.title).toBe("CARTA Frontend Documentation");
    expect(config.tagline).toBe("Welcome to the CARTA frontend documentation");
    expect(config.baseUrl).toBe("/carta-frontend/");
    expect(config.trailingSlash).toBe(false);
    expect(config.locale).toEqual({ lang: "en", direction: "ltr" });
    expect(config.docs).toMatchObject({ currentLabel: "Next", currentPath: "next" });
    expect(config.tableOfContents).toEqual({ minHeadingLevel: 2, maxHeadingLevel: 3 });
    expect(config.theme).toEqual({ mobileBreakpoint: 996, progressBarDelay: 200, searchPlaceholder: "Search Ctrl+K", defaultMode: "light", respectPrefersColorScheme: false });
    expect(config.home.cards.map((card) => card.href)).toEqual(["/docs/category/code-snippet-tutorial", "/api", "/docs/category/contributing"]);
    expect(config.home.logo?.src).toBe("img/favicon.svg");
    expect(config.siteVersion).toBe("0.0.1");
    expect(config.footer.copyright).toMatch(/2025.*CARTA development team/);
    expect(config.navbar.items.map((i) => i.type)).toEqual(["docSidebar", "api", "docsVersionDropdown", "link", "search", "colorMode"]);
    expect(config.navbar.items.find((i) => i.type === "link")).toMatchObject({ href: "https://github.com/CARTAvis/carta-frontend", position: "right" });
  });

  it("needs only a title: a navbar with the docs, the version menu, search and the colour-mode toggle, no url", () => {
    const config = validateConfig({ title: "Only a title" }, "c.ts");
    expect(config.navbar.items).toEqual([
      { type: "docSidebar", sidebarId: "docsSidebar", label: "Docs", position: "left" },
      { type: "docsVersionDropdown", position: "right" },
      { type: "search", position: "right" },
      { type: "colorMode", position: "right" },
    ]);
    expect(config.url).toBeUndefined();
    expect(config.baseUrl).toBe("/");
    const withApi = validateConfig({ title: "T", api: { repoUrl: "https://example.org/repo", entryPoints: [{ slug: "core", path: "src/index.ts", title: "Core" }] } }, "c.ts");
    expect(withApi.navbar.items.map((i) => i.type)).toEqual(["docSidebar", "api", "docsVersionDropdown", "search", "colorMode"]);
    expect(validateConfig({ title: "T", navbar: { items: [] } }, "c.ts").navbar.items).toEqual([]);
  });

  it("puts navbar items on the right unless told otherwise", () => {
    const config = validateConfig({ ...minimal, navbar: { items: [{ type: "search" }, { type: "colorMode", position: "left" }] } }, "c.ts");
    expect(config.navbar.items.map((i) => i.position)).toEqual(["right", "left"]);
  });
});

describe("config validation", () => {
  it("names an unknown key, its value and the accepted keys", () => {
    const [message] = messagesOf(() => validateConfig({ ...minimal, titel: "oops" }, "site.config.ts"));
    expect(message).toContain('unknown key "titel"');
    expect(message).toContain('"oops"');
    expect(message).toContain("accepted keys here: title, tagline");
  });

  it("names a nested unknown key with its path", () => {
    const [message] = messagesOf(() => validateConfig({ ...minimal, theme: { mobileBreakpont: 900 } }, "c.ts"));
    expect(message).toContain('unknown key "theme.mobileBreakpont"');
    expect(message).toContain("mobileBreakpoint");
  });

  it("names a wrong type with the value and what is expected", () => {
    const [message] = messagesOf(() => validateConfig({ ...minimal, theme: { progressBarDelay: "fast" } }, "c.ts"));
    expect(message).toBe('"theme.progressBarDelay" is "fast"; expected number');
  });

  it("says what docs.editUrl accepts", () => {
    const [message] = messagesOf(() => validateConfig({ ...minimal, docs: { editUrl: 3 } }, "c.ts"));
    expect(message).toBe('"docs.editUrl" is 3; expected a base URL string, or a function ({ versionDocsDirPath, docPath, version, permalink }) returning the URL');
    const config = validateConfig({ ...minimal, docs: { editUrl: () => "https://x" } }, "c.ts");
    expect(typeof config.docs.editUrl).toBe("function");
    expect(config.theme.respectPrefersColorScheme).toBe(false);
    expect(config.docs).toMatchObject({ showLastUpdateTime: false, showLastUpdateAuthor: false });
  });

  it("reports a missing required field", () => {
    const messages = messagesOf(() => validateConfig({ url: "https://example.org", navbar: { items: [] } }, "c.ts"));
    expect(messages).toContain('missing required key "title" (expected string)');
  });

  it("lists the accepted navbar item types for an unknown one", () => {
    const [message] = messagesOf(() => validateConfig({ ...minimal, navbar: { items: [{ type: "dropdown" }] } }, "c.ts"));
    expect(message).toContain('"navbar.items[0].type" is "dropdown"');
    expect(message).toContain('"docSidebar", "api", "docsVersionDropdown", "link", "search", "colorMode", "custom"');
  });

  it("takes llms as false or { full }, names a wrong part and what is valid", () => {
    expect(validateConfig(minimal, "c.ts").llms).toEqual({ full: ["docs", "api"] });
    expect(validateConfig({ ...minimal, llms: false }, "c.ts").llms).toBe(false);
    expect(validateConfig({ ...minimal, llms: { full: ["docs/code-snippet-tutorial", "api/.-stores"] } }, "c.ts").llms).toEqual({ full: ["docs/code-snippet-tutorial", "api/.-stores"] });
    expect(messagesOf(() => validateConfig({ ...minimal, llms: { full: ["tutorial"] } }, "c.ts"))).toEqual([
      '"llms.full[0]" (value "tutorial"): expected "docs", "api", or a path under either ("docs/code-snippet-tutorial", "api/.-stores")',
    ]);
    expect(messagesOf(() => validateConfig({ ...minimal, llms: true }, "c.ts"))[0]).toContain('expected false or { full: ["docs", "api"] }');
    expect(messagesOf(() => validateConfig({ ...minimal, llms: { ful: [] } }, "c.ts"))[0]).toContain("accepted keys here: full");
  });

  it("normalises a base path without slashes and says so", () => {
    const config = validateConfig({ ...minimal, baseUrl: "carta-frontend" }, "c.ts");
    expect(config.baseUrl).toBe("/carta-frontend/");
    expect(config.notes).toEqual(['baseUrl "carta-frontend" normalised to "/carta-frontend/"']);
    expect(normaliseBaseUrl("/")).toBe("/");
    expect(normaliseBaseUrl("//a//")).toBe("/a/");
  });

  it("reports a syntax error in site.config.ts with its line", async () => {
    const dir = tempDir();
    write(dir, "site.config.ts", 'export default {\n  title: "T",\n  url: "https://example.org" "x",\n};\n');
    const error = await loadConfig("site.config.ts", dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CartaDocsError);
    const [d] = (error as CartaDocsError).diagnostics;
    expect(d).toMatchObject({ file: "site.config.ts", line: 3 });
    expect(d!.message).toMatch(/^syntax error: /);
  });

  it("reports a missing config file and a config without default export", async () => {
    const dir = tempDir();
    await expect(loadConfig("nope.config.ts", dir)).rejects.toThrow(/config file not found/);
    write(dir, "site.config.ts", "export const config = {};\n");
    await expect(loadConfig(path.join(dir, "site.config.ts"), dir)).rejects.toThrow(/no default export/);
  });
});
