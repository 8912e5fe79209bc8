/**
 * Reading a Docusaurus site's code without its packages: evaluateModule's stubs and require.resolve, the config's
 * key lines and computed values (configSource), and the link components found by parsing their source.
 */
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readConfigSource } from "../../cli/migrate/configSource.ts";
import { evaluateModule, isStub } from "../../cli/migrate/evaluateModule.ts";
import { linkComponentTarget, registeredComponents, resolveSiteModule } from "../../cli/migrate/linkComponents.ts";
import { cleanTemp, tempDir, write } from "../helpers/site.ts";

afterAll(cleanTemp);

describe("evaluateModule", () => {
  it("stubs packages that are not installed, keeps built-ins and the site's own files, and resolves its relative paths", async () => {
    const site = tempDir("carta-docs-evaluate-");
    write(site, "versions.json", '["2.0.0"]\n');
    write(site, "sidebars.js", "module.exports = {};\n");
    write(
      site,
      "docusaurus.config.mjs",
      `import { themes } from "prism-react-renderer";
import path from "node:path";
import versions from "./versions.json";
const theme = themes.github;
export default {
  title: "T",
  dir: path.basename(import.meta.dirname),
  latest: versions[0],
  sidebarPath: require.resolve("./sidebars.js"),
  search: require.resolve("@easyops-cn/docusaurus-search-local"),
  called: new (require("some-plugin").Plugin)().configure(),
  theme,
};
`,
    );
    const { value, stubbed } = await evaluateModule(path.join(site, "docusaurus.config.mjs"), "docusaurus.config.mjs");
    const config = value as Record<string, unknown>;
    expect(config).toMatchObject({ title: "T", dir: path.basename(site), latest: "2.0.0", sidebarPath: path.join(site, "sidebars.js"), search: "@easyops-cn/docusaurus-search-local" });
    expect(isStub(config.theme)).toBe(true);
    expect(isStub(config.called)).toBe(true);
    expect(isStub("text")).toBe(false);
    expect(stubbed).toEqual(["prism-react-renderer", "@easyops-cn/docusaurus-search-local", "some-plugin"]);
  });

  it("calls an exported function and awaits it, as Docusaurus does", async () => {
    const site = tempDir("carta-docs-evaluate-");
    write(site, "docusaurus.config.ts", "export default async function createConfig(): Promise<{ title: string }> {\n  return { title: await Promise.resolve('From a function') };\n}\n");
    expect((await evaluateModule(path.join(site, "docusaurus.config.ts"), "docusaurus.config.ts")).value).toEqual({ title: "From a function" });
  });
});

describe("readConfigSource", () => {
  it("gives each key's line and the source of a value computed when the config runs", () => {
    const site = tempDir("carta-docs-config-source-");
    write(site, "docusaurus.config.js", "module.exports = {\n  title: 'T',\n  themeConfig: {\n    prism: {},\n    footer: { copyright: `© ${new Date().getFullYear()} Me` },\n  },\n};\n");
    const source = readConfigSource(path.join(site, "docusaurus.config.js"));
    expect(source.lineOf("title")).toBe(2);
    expect(source.lineOf("prism")).toBe(4);
    expect(source.lineOf("nothing")).toBeUndefined();
    expect(source.computedValue("copyright")).toBe("`© ${new Date().getFullYear()} Me`");
    expect(source.computedValue("title")).toBeUndefined();
  });
});

describe("link components", () => {
  /** A site whose components are written as Docusaurus sites write versioned links (not CARTA's own file). */
  function site(): string {
    const dir = tempDir("carta-docs-link-components-");
    write(
      dir,
      "src/components/Links.jsx",
      `import React from "react";
import Link from "@docusaurus/Link";
import { useVersion } from "./version";

function versionSegment() {
  return useVersion() === "latest" ? "" : "/" + useVersion();
}

export function GuideLink({ children, to }) {
  return <Link to={\`/docs\${versionSegment()}/guide\${to}\`}>{children}</Link>;
}

export function ReferenceLink({ children, item }) {
  return (
    <Link to={"/api" + versionSegment() + item}>{children}</Link>
  );
}

export function FixedLink({ children }) {
  return <a href="/about">{children}</a>;
}

export function Fancy({ children, color }) {
  return <span style={{ color }}>{children}</span>;
}

export function WrongPlace({ children, path }) {
  return <Link to={path + versionSegment()}>{children}</Link>;
}
`,
    );
    write(dir, "src/theme/MDXComponents.js", `import MDXComponents from "@theme-original/MDXComponents";\nimport { GuideLink, ReferenceLink as ApiRef, Fancy } from "@site/src/components/Links";\n\nexport default { ...MDXComponents, GuideLink, ApiRef, Fancy };\n`);
    return dir;
  }

  it("finds the components MDXComponents registers, with the module and export each comes from", () => {
    const dir = site();
    const { components } = registeredComponents(dir);
    expect(components).toEqual([
      { name: "GuideLink", from: "@site/src/components/Links", exported: "GuideLink" },
      { name: "ApiRef", from: "@site/src/components/Links", exported: "ReferenceLink" },
      { name: "Fancy", from: "@site/src/components/Links", exported: "Fancy" },
    ]);
    expect(resolveSiteModule(dir, path.join(dir, "src/theme/MDXComponents.js"), "@site/src/components/Links")).toBe(path.join(dir, "src/components/Links.jsx"));
  });

  it("maps a link built from the docs or API route, the page's version and a prop; leaves other components alone", () => {
    const file = path.join(site(), "src/components/Links.jsx");
    expect(linkComponentTarget(file, "GuideLink", "docs", "api")).toEqual({ target: "{docs}/guide{to}", line: 9 });
    expect(linkComponentTarget(file, "ReferenceLink", "docs", "api")).toEqual({ target: "api:{item}", line: 13 });
    expect(linkComponentTarget(file, "FixedLink", "docs", "api")?.target).toBe("/about");
    expect(linkComponentTarget(file, "Fancy", "docs", "api")).toBeUndefined();
    expect(linkComponentTarget(file, "WrongPlace", "docs", "api")).toBeUndefined();
    // Without an API section, a link into /api is not read as one.
    expect(linkComponentTarget(file, "ReferenceLink", "docs", undefined)).toBeUndefined();
  });
});
