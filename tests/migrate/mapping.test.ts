/** The MDX rewrite of migrated files and the mapping of a Docusaurus config (navbar, footer, docs, API plugin). */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { apiSection } from "../../cli/migrate/apiSection.ts";
import type { ConfigSource } from "../../cli/migrate/configSource.ts";
import { mapConfig } from "../../cli/migrate/mapConfig.ts";
import { rewriteMdx } from "../../cli/migrate/mdxRewrite.ts";
import { MigrationReport } from "../../cli/migrate/report.ts";

describe("rewriteMdx", () => {
  it("turns CodeBlock into a fence and drops DocCardList; keeps what mdx.ts reads", () => {
    const text = `import CodeBlock from '@theme/CodeBlock';
import DocCardList from '@theme/DocCardList';
import Tabs from '@theme/Tabs';

<CodeBlock language="ts" title="a.ts">{\`const a = 1;\`}</CodeBlock>

<DocCardList />

<Tabs><TabItem value="x" label="X">Hi</TabItem></Tabs>

See <ApiLink path="/x">x</ApiLink>.
`;
    const result = rewriteMdx(text, new Set(["ApiLink"]));
    expect(result.text).toContain('```ts title="a.ts"\nconst a = 1;\n```');
    expect(result.text).not.toContain("DocCardList />");
    expect(result.text).toContain('<Tabs><TabItem value="x" label="X">Hi</TabItem></Tabs>');
    expect(result.text).toContain('<ApiLink path="/x">x</ApiLink>');
    expect(result.converted).toEqual(["CodeBlock", "DocCardList"]);
    expect(result.findings).toEqual([]);
  });

  it("takes out exports, expressions, other components' tags and expression attributes, each with its line", () => {
    const text = `export const Box = ({children}) => <div>{children}</div>;

Text <Box color="red">kept **inside**</Box> and {1 + 1}.

<button onClick={() => alert('x')} className="b">Click</button>

{/* a comment */}

<img src={require('./a.png').default} alt="a" />
`;
    const result = rewriteMdx(text, new Set());
    expect(result.text).toBe(`

Text kept **inside** and .

<button  className="b">Click</button>

{/* a comment */}

<img src={require('./a.png').default} alt="a" />
`);
    expect(result.findings.map((f) => f.line)).toEqual([1, 3, 3, 5]);
    expect(result.findings[1]!.message).toContain("<Box> is a React component");
  });

  it("leaves a file that is not valid MDX as it is, with a finding", () => {
    const result = rewriteMdx("# T\n\n<!-- a comment -->\n", new Set());
    expect(result.text).toBe("# T\n\n<!-- a comment -->\n");
    expect(result.findings[0]!.line).toBe(3);
  });
});

/** A config source for mapConfig: every key on line 1, nothing computed but the copyright. */
const source: ConfigSource = { lineOf: (key) => (key === "copyright" ? 9 : 1), computedValue: (key) => (key === "copyright" ? "`${new Date().getFullYear()}`" : undefined) };

describe("mapConfig", () => {
  it("maps the navbar (the hand-written API button included), footer, docs options, and lists the rest", () => {
    const report = new MigrationReport();
    const apiButton = `<a class="navbar__link" onclick="window.location.href = '/site/api' + version;">API</a>`;
    const { config, plugins } = mapConfig(
      {
        title: "Site",
        url: "https://example.org/",
        baseUrl: "/site/",
        favicon: "img/f.ico",
        customFields: { a: 1 },
        presets: [["classic", { docs: { routeBasePath: "/guide", editUrl: "https://github.com/o/r/edit/main/", versions: { current: { label: "Dev" } }, remarkPlugins: [] }, blog: false }]],
        plugins: [["docusaurus-plugin-typedoc-api", { projectRoot: "/code", packages: ["."] }], "/x/node_modules/docusaurus-lunr-search/src/index.js"],
        themeConfig: {
          navbar: { logo: { src: "img/logo.svg", alt: "Logo" }, items: [{ type: "html", value: apiButton }, { to: "/blog", label: "Blog" }, { type: "html", value: "<b>Beta</b>", position: "right" }, { type: "localeDropdown" }] },
          footer: { style: "dark", links: [{ title: "More", items: [{ label: "GitHub", href: "https://github.com" }] }], copyright: "Copyright © 2026 Me. Built with Docusaurus." },
        },
      },
      source,
      "docusaurus.config.js",
      report,
    );
    expect(config.navbar).toEqual({
      logo: { src: "/img/logo.svg", alt: "Logo" },
      items: [
        { type: "api", label: "API", position: "left" },
        { type: "link", label: "Blog", href: "/blog", position: "left" },
        { type: "search", position: "right" },
        { type: "colorMode", position: "right" },
      ],
    });
    expect(config.footer).toEqual({ links: [{ title: "More", items: [{ label: "GitHub", href: "https://github.com" }] }], copyright: "Copyright © 2026 Me." });
    expect(config.docs).toEqual({ routeBasePath: "guide", currentLabel: "Dev", editUrl: "https://github.com/o/r/edit/main/" });
    expect(config.url).toBe("https://example.org");
    expect(plugins.api).toEqual({ projectRoot: "/code", packages: ["."] });
    expect(plugins.blog).toBeUndefined();
    expect(report.notes.join("\n")).toMatch(/copyright is computed when the config runs .*"Copyright © 2026 Me\."/);
    expect(report.notes.join("\n")).toContain("docusaurus-lunr-search/src/index.js replaced by carta-docs' built-in search");
    expect(report.toDo.map((f) => f.message)).toEqual([expect.stringContaining('navbar html item "Beta"'), expect.stringContaining('navbar item of type "localeDropdown"')]);
    expect(report.notCarried.map((f) => f.message.split(":")[0])).toEqual(["themeConfig.footer.style", "customFields", "docs.remarkPlugins"]);
  });

  it("makes the api section with the plugin's area slugs and the code base relative to the new site", () => {
    const report = new MigrationReport();
    const options = {
      projectRoot: "/work/viewer",
      packages: [{ path: ".", entry: { index: { path: "src/index.tsx" }, stores: { path: "src/stores/index.ts", label: "Stores" }, "components/Dialogs": { path: "src/components/Dialogs/index.ts", label: "Dialogs" } } }],
      changelogs: true,
      tsconfigName: "tsconfig.json",
      gitRefName: "main",
    };
    const api = apiSection(options, { organizationName: "Org", projectName: "viewer" }, path.join("/work", "viewer-docs"), "docusaurus.config.js", 3, report);
    expect(api?.api).toEqual({
      viewerDir: "../viewer",
      repoUrl: "https://github.com/Org/viewer",
      tsconfig: "tsconfig.json",
      index: "src/index.tsx",
      changelog: "CHANGELOG.md",
      entryPoints: [
        { slug: ".-stores", path: "src/stores/index.ts", title: "Stores" },
        { slug: ".-components/Dialogs", path: "src/components/Dialogs/index.ts", title: "Dialogs" },
      ],
    });
    expect(report.notCarried.map((f) => f.message)).toEqual(["docusaurus-plugin-typedoc-api option gitRefName: no counterpart"]);
  });
});
