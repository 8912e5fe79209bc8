/**
 * Docusaurus MDX to the markdown the rest of the pipeline renders. The document is parsed with a real MDX
 * parser (micromark's MDX extensions), and only its MDX nodes are rewritten in the source text, so the
 * markdown around them (admonitions, code blocks, links) goes through the usual extensions unchanged:
 *
 * - import lines are removed (a component they bring in is handled by name below); `{/* comments *\/}` too;
 * - `<Link to>` and the components of the site's link table (`mdx.linkComponents`, e.g. `ApiLink` to
 *   `api:{path}`) become markdown links, so the link checker sees them;
 * - `<Tabs>`/`<TabItem>` become labelled sections, `<Admonition>` an admonition, HTML elements (`<details>`,
 *   `<summary>`, ...) stay HTML with the markdown inside them rendered;
 * - anything that would need JavaScript to run (another component, an export, an expression) is a problem
 *   with its line and what to write instead, never published as text.
 *
 * A replacement is padded to the number of lines it replaces, so lines reported later still match the `.mdx`
 * file; only the blocks of tabs, admonitions and HTML elements, which gain blank lines, shift the lines after them.
 */
import type { Program } from "estree";
import type { Nodes, Parent } from "mdast";
import type * as FromMarkdown from "mdast-util-from-markdown";
import type * as MdastMdx from "mdast-util-mdx";
import type { MdxJsxFlowElement, MdxJsxTextElement, MdxjsEsm } from "mdast-util-mdx";
import type * as MicromarkMdx from "micromark-extension-mdxjs";
import { ADMONITION_NAMES } from "./admonitions.ts";
import { escapeHtml } from "./html.ts";
import { lineAt } from "../util/json.ts";
import { loadLater } from "../util/loadLater.ts";

/** The MDX parser, loaded by the first .mdx doc a build reads. */
const fromMarkdownPackage = loadLater<typeof FromMarkdown>("mdast-util-from-markdown");
const mdastMdxPackage = loadLater<typeof MdastMdx>("mdast-util-mdx");
const micromarkMdxPackage = loadLater<typeof MicromarkMdx>("micromark-extension-mdxjs");

export interface MdxOptions {
  /**
   * Components written as links, by name: the target with `{attribute}` replaced by the element's attribute
   * and `{docs}` by the docs root of the page's version (e.g. `ApiLink: "api:{path}"`).
   */
  linkComponents: Record<string, string>;
  /** Route of the docs root of the page's version, for `{docs}`. */
  docsRoot: string;
  /** The URL to write for the `src` of an `<img>` (an asset copied under its hash), given its line in the MDX source. */
  rewriteImage?: (src: string, line: number) => string;
}

interface MdxProblem {
  /** 1-based line in the MDX source given. */
  line: number;
  message: string;
}

export interface MdxResult {
  markdown: string;
  problems: MdxProblem[];
}

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

/** Modules of Docusaurus whose default export this file renders itself. */
const THEME_COMPONENTS: Record<string, string> = {
  "@docusaurus/Link": "Link",
  "@theme/Tabs": "Tabs",
  "@theme/TabItem": "TabItem",
  "@theme/Admonition": "Admonition",
  "@theme/Details": "details",
};

/** HTML elements without a closing tag. */
const VOID_ELEMENTS = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);

const ADMONITION_TYPES = new Set(ADMONITION_NAMES);

export function mdxToMarkdown(source: string, options: MdxOptions): MdxResult {
  const problems: MdxProblem[] = [];
  let tree: Nodes;
  try {
    tree = fromMarkdownPackage().fromMarkdown(source, { extensions: [micromarkMdxPackage().mdxjs()], mdastExtensions: [mdastMdxPackage().mdxFromMarkdown()] });
  } catch (error) {
    const { line, message } = parseFailure(error);
    problems.push({ line, message: `not valid MDX: ${message}; escape a literal "{" or "<" as \\{ or &lt;, or put it in \`code\`` });
    return { markdown: "", problems };
  }
  const converter = new Converter(source, options, problems);
  return { markdown: converter.splice(0, source.length, mdxChildren(tree)), problems };
}

/** An import or export statement where MDX reads one: at the start of a block, outside code. */
const ESM_LINE = /^(?:import\s+(?:[\w$*{][^'"]*?\s+from\s+)?["'][^"'\n]+["'];?|export\s+(?:default|const|let|var|function|class|\{)\b.*)[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Line of the first import or export statement of a markdown text, if any. Docusaurus reads `.md` files as MDX
 * too, so a `.md` doc that imports components (`import Tabs from '@theme/Tabs'`) is one to read as MDX.
 */
export function firstEsmLine(text: string): number | undefined {
  const lines = text.split("\n");
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (fence) {
      if (line.trim().startsWith(fence) && line.trim().replaceAll(fence[0]!, "") === "") fence = undefined;
      continue;
    }
    fence = FENCE.exec(line)?.[1];
    if (!fence && ESM_LINE.test(line) && (i === 0 || lines[i - 1]!.trim() === "")) return i + 1;
  }
  return undefined;
}

/** The MDX parser throws a VFileMessage with the place it stopped. */
function parseFailure(error: unknown): { line: number; message: string } {
  const e = error as { line?: number; reason?: string; message?: string };
  return { line: e.line ?? 1, message: (e.reason ?? e.message ?? String(error)).replace(/\s*\(\d+:\d+(-\d+:\d+)?\)$/, "") };
}

/** The nearest MDX nodes below `node`: the ones the converter rewrites, each with what it holds. */
function mdxChildren(node: Nodes): Nodes[] {
  const found: Nodes[] = [];
  const visit = (n: Nodes) => {
    for (const child of (n as Parent).children ?? []) {
      if (child.type.startsWith("mdx")) found.push(child);
      else visit(child);
    }
  };
  visit(node);
  return found;
}

class Converter {
  /** Names a component is imported under, to the component this file knows it as (Link, Tabs, ...). */
  private readonly imported = new Map<string, string>();

  constructor(
    private readonly source: string,
    private readonly options: MdxOptions,
    private readonly problems: MdxProblem[],
  ) {}

  /** The source between two offsets with each of `nodes` (all inside it, in order) rewritten. */
  splice(start: number, end: number, nodes: Nodes[]): string {
    let out = "";
    let at = start;
    for (const node of nodes) {
      const { start: s, end: e } = offsets(node);
      out += this.source.slice(at, s) + keepLines(this.source.slice(s, e), this.convert(node));
      at = e;
    }
    return out + this.source.slice(at, end);
  }

  private problem(node: Nodes, message: string): void {
    this.problems.push({ line: node.position?.start.line ?? 1, message });
  }

  private convert(node: Nodes): string {
    switch (node.type) {
      case "mdxjsEsm":
        return this.esm(node);
      case "mdxFlowExpression":
      case "mdxTextExpression":
        // A comment, {/* ... */}, is a program with no statements.
        if (node.data?.estree?.body.length === 0) return "";
        this.problem(node, `the expression {${clip(node.value)}} is JavaScript, which carta-docs does not evaluate; write its value as text`);
        return "";
      case "mdxJsxFlowElement":
      case "mdxJsxTextElement":
        return this.element(node);
      default:
        return this.source.slice(offsets(node).start, offsets(node).end);
    }
  }

  /** Import and export statements, as the MDX parser read them (its ESTree). */
  private esm(node: MdxjsEsm): string {
    for (const statement of node.data?.estree?.body ?? []) {
      // The parser places ESTree nodes in the whole document.
      const [from0, to0] = statement.range ?? [offsets(node).start, offsets(node).end];
      const text = this.source.slice(from0, to0);
      if (statement.type !== "ImportDeclaration") {
        this.problems.push({
          line: statement.loc?.start.line ?? node.position!.start.line,
          message: `"${clip(text)}": exports are JavaScript, which carta-docs does not run; remove it (a doc's metadata goes in its front matter)`,
        });
        continue;
      }
      const from = String(statement.source.value);
      // Any name an import brings in is remembered: a use of a component this file does not render is reported where it is.
      for (const specifier of statement.specifiers) {
        const known = specifier.type === "ImportDefaultSpecifier" ? THEME_COMPONENTS[from] : undefined;
        this.imported.set(specifier.local.name, known ?? `module ${from}`);
      }
    }
    return "";
  }

  /** What the element's name stands for: a component this file renders, a link of the table, or HTML. */
  private kind(name: string): string {
    const viaImport = this.imported.get(name);
    if (viaImport && !viaImport.startsWith("module ")) return viaImport;
    if (name in this.options.linkComponents) return "linkComponent";
    if (/^[a-z]/.test(name)) return "html";
    return viaImport ?? (THEME_COMPONENTS[`@theme/${name}`] || (name === "Link" ? "Link" : "unknown"));
  }

  private element(node: JsxElement): string {
    const name = node.name ?? "";
    const attrs = this.attributes(node);
    if (!attrs) return this.inner(node);
    switch (this.kind(name)) {
      case "Link": {
        const to = attrs.to ?? attrs.href;
        if (to === undefined) {
          this.problem(node, `<${name}> has no "to"; write a markdown link instead: [text](/docs/page)`);
          return this.inner(node);
        }
        return this.link(node, to);
      }
      case "linkComponent":
        return this.link(node, this.linkTarget(node, name, attrs));
      case "Tabs":
        return block(`<div class="tabs">`, this.inner(node), "</div>");
      case "TabItem": {
        const label = attrs.label ?? attrs.value ?? "";
        return block(`<div class="tabs__item">\n<p class="tabs__label">${escapeHtml(label)}</p>`, this.inner(node), "</div>");
      }
      case "Admonition": {
        const type = attrs.type ?? "note";
        if (!ADMONITION_TYPES.has(type)) {
          this.problem(node, `<${name} type="${type}">: the admonition types are ${[...ADMONITION_TYPES].join(", ")}`);
        }
        return `:::${type}${attrs.title ? `[${attrs.title}]` : ""}\n\n${this.inner(node)}\n\n:::`;
      }
      case "html":
        return this.html(node, name, attrs);
      default: {
        const from = this.imported.get(name);
        this.problem(
          node,
          `<${name}> is a React component${from ? ` (imported from ${from.replace(/^module /, "")})` : ""}, which carta-docs does not run; write markdown or HTML instead, or, for a link, map it in mdx.linkComponents of site.config.ts (e.g. { ${name}: "api:{path}" })`,
        );
        return this.inner(node);
      }
    }
  }

  /**
   * Plain attribute values by name; undefined (with a problem) when one is a JavaScript expression, but for
   * Docusaurus' way of naming a file, `{require("./img.png").default}`, which is the file's path.
   */
  private attributes(node: JsxElement): Record<string, string> | undefined {
    const out: Record<string, string> = {};
    for (const attribute of node.attributes) {
      const required = attribute.type === "mdxJsxAttribute" && typeof attribute.value === "object" && attribute.value ? requiredFile(attribute.value.data?.estree) : undefined;
      if (attribute.type === "mdxJsxAttribute" && required !== undefined) {
        out[attribute.name] = required;
        continue;
      }
      if (attribute.type === "mdxJsxExpressionAttribute" || (attribute.value !== null && attribute.value !== undefined && typeof attribute.value !== "string")) {
        const text = attribute.type === "mdxJsxExpressionAttribute" ? attribute.value : `${attribute.name}={${(attribute.value as { value: string }).value}}`;
        this.problem(node, `<${node.name}> has the attribute ${clip(text)}, a JavaScript expression carta-docs does not evaluate; write the value as a string ("...")`);
        return undefined;
      }
      out[attribute.name] = attribute.value ?? "";
    }
    return out;
  }

  private linkTarget(node: JsxElement, name: string, attrs: Record<string, string>): string {
    return this.options.linkComponents[name]!.replace(/\{(\w+)\}/g, (whole, key: string) => {
      if (key === "docs") return this.options.docsRoot;
      if (key in attrs) return attrs[key]!;
      this.problem(node, `<${name}> has no "${key}" attribute, which mdx.linkComponents.${name} ("${this.options.linkComponents[name]}") needs`);
      return whole;
    });
  }

  /** A markdown link: the link checker then proves its target exists, as for any link. */
  private link(node: JsxElement, target: string): string {
    const text = this.inner(node).trim().replace(/\s*\n\s*/g, " ");
    return `[${text}](<${target}>)`;
  }

  /** An HTML element kept as HTML; inside a block one, the markdown stays markdown (blank lines around it). */
  private html(node: JsxElement, name: string, attrs: Record<string, string>): string {
    if (name === "img" && attrs.src !== undefined && this.options.rewriteImage) attrs.src = this.options.rewriteImage(attrs.src, node.position!.start.line);
    const attributes = Object.entries(attrs)
      .map(([key, value]) => ` ${key === "className" ? "class" : key === "htmlFor" ? "for" : key}="${escapeHtml(value)}"`)
      .join("");
    const open = `<${name}${attributes}>`;
    const inline = node.type === "mdxJsxTextElement" || (node.children.length === 1 && node.children[0]!.type === "paragraph");
    if (node.children.length === 0) return VOID_ELEMENTS.has(name) ? open : `${open}</${name}>`;
    if (inline) return `${open}${this.inner(node).trim()}</${name}>`;
    return block(open, this.inner(node), `</${name}>`);
  }

  /** What the element holds, rewritten, and for a block element moved back to the left margin. */
  private inner(node: JsxElement): string {
    const children = node.children as Nodes[];
    if (children.length === 0) return "";
    const start = offsets(children[0]!).start;
    const end = offsets(children[children.length - 1]!).end;
    const nested = children.flatMap((child) => (child.type.startsWith("mdx") ? [child] : mdxChildren(child)));
    if (node.type === "mdxJsxTextElement") return this.splice(start, end, nested);
    const lineStart = this.source.lastIndexOf("\n", start - 1) + 1;
    return dedent(this.splice(lineStart, end, nested));
  }
}

/** The file of `require("./file")` or `require("./file").default`, as an attribute's whole expression. */
export function requiredFile(program: Program | null | undefined): string | undefined {
  const statement = program?.body.length === 1 ? program.body[0] : undefined;
  if (statement?.type !== "ExpressionStatement") return undefined;
  let expression = statement.expression;
  if (expression.type === "MemberExpression" && !expression.computed && expression.property.type === "Identifier" && expression.property.name === "default") expression = expression.object as typeof expression;
  if (expression.type !== "CallExpression" || expression.callee.type !== "Identifier" || expression.callee.name !== "require") return undefined;
  const [argument] = expression.arguments;
  return argument?.type === "Literal" && typeof argument.value === "string" && expression.arguments.length === 1 ? argument.value : undefined;
}

function offsets(node: Nodes): { start: number; end: number } {
  return { start: node.position!.start.offset!, end: node.position!.end.offset! };
}

/** A block element: its opening and closing lines around markdown, blank lines between so it is parsed. */
function block(open: string, inner: string, close: string): string {
  return `${open}\n\n${inner}\n\n${close}`;
}

/** Pads a replacement with line breaks to the number of lines it replaces, so later lines keep their numbers. */
function keepLines(original: string, replacement: string): string {
  const missing = lineAt(original, original.length) - lineAt(replacement, replacement.length);
  return missing > 0 ? replacement + "\n".repeat(missing) : replacement;
}

function dedent(text: string): string {
  const lines = text.split("\n");
  const indents = lines.filter((l) => l.trim()).map((l) => /^ */.exec(l)![0].length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(Math.min(cut, /^ */.exec(l)![0].length))).join("\n");
}

function clip(text: string): string {
  const one = text.replace(/\s+/g, " ").trim();
  return one.length > 60 ? `${one.slice(0, 57)}...` : one;
}
