/**
 * Rewrites what cli/markdown/mdx.ts does not read in a migrated MDX file, so the migrated site builds:
 * `<CodeBlock>` becomes a fenced code block, `<DocCardList />` is dropped (carta-docs lists a category's pages
 * on its generated index page), and what would need JavaScript (a component of the site's own that is not a
 * link, an `export`, an expression, an attribute holding one) is taken out, its text kept, each with its line
 * and what to write instead in the report. Everything mdx.ts reads (Tabs, Admonition, Link, the link
 * components, details, images by require) is left as written. The file is parsed with the same MDX parser.
 */
import type { Nodes, Parent } from "mdast";
import type * as FromMarkdown from "mdast-util-from-markdown";
import type * as MdastMdx from "mdast-util-mdx";
import type { MdxJsxAttribute, MdxJsxExpressionAttribute, MdxJsxFlowElement, MdxJsxTextElement } from "mdast-util-mdx";
import type * as MicromarkMdx from "micromark-extension-mdxjs";
import { requiredFile } from "../markdown/mdx.ts";
import { loadLater } from "../util/loadLater.ts";

const fromMarkdownPackage = loadLater<typeof FromMarkdown>("mdast-util-from-markdown");
const mdastMdxPackage = loadLater<typeof MdastMdx>("mdast-util-mdx");
const micromarkMdxPackage = loadLater<typeof MicromarkMdx>("micromark-extension-mdxjs");

interface MdxFinding {
  line: number;
  message: string;
}

export interface MdxRewrite {
  text: string;
  /** What was rewritten that a person should look at. */
  findings: MdxFinding[];
  /** What was converted to its carta-docs counterpart, by name ("CodeBlock", "DocCardList"), for the counts. */
  converted: string[];
  /** Whether the text parsed as MDX and holds JSX elements. */
  jsx: boolean;
}

/** Components mdx.ts renders itself (by the name Docusaurus' theme exports them under). */
const READ_BY_MDX = new Set(["Link", "Tabs", "TabItem", "Admonition", "Details"]);

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;
interface Edit {
  start: number;
  end: number;
  text: string;
}

function offsets(node: { position?: { start: { offset?: number }; end: { offset?: number } } }): { start: number; end: number } {
  return { start: node.position!.start.offset!, end: node.position!.end.offset! };
}

function isElement(node: Nodes): node is JsxElement {
  return node.type === "mdxJsxFlowElement" || node.type === "mdxJsxTextElement";
}

/** A plain attribute value, or undefined. */
function attribute(node: JsxElement, name: string): string | undefined {
  const found = node.attributes.find((a): a is MdxJsxAttribute => a.type === "mdxJsxAttribute" && a.name === name);
  return typeof found?.value === "string" ? found.value : undefined;
}

/** The code a `<CodeBlock>` holds: its text, or a string written as an expression ({`...`} or {"..."}). */
function codeOf(source: string, node: JsxElement): string {
  const children = node.children as Nodes[];
  if (children.length === 0) return "";
  const inner = source.slice(offsets(children[0]!).start, offsets(children[children.length - 1]!).end).trim();
  const literal = /^\{\s*([`"'])([\s\S]*)\1\s*\}$/.exec(inner);
  return literal ? literal[2]! : inner;
}

/**
 * The file rewritten for carta-docs. `linkComponents` are the site's link components mapped in the config;
 * `text` is returned unchanged (with a finding) when it is not valid MDX, which the build then reports.
 */
export function rewriteMdx(text: string, linkComponents: ReadonlySet<string>): MdxRewrite {
  let jsx = false;
  const findings: MdxFinding[] = [];
  const converted: string[] = [];
  let tree: Nodes;
  try {
    tree = fromMarkdownPackage().fromMarkdown(text, { extensions: [micromarkMdxPackage().mdxjs()], mdastExtensions: [mdastMdxPackage().mdxFromMarkdown()] });
  } catch (error) {
    const e = error as { line?: number; reason?: string };
    findings.push({ line: e.line ?? 1, message: `not valid MDX (${e.reason ?? String(error)}); Docusaurus would not build it either: fix it by hand` });
    return { text, findings, converted, jsx };
  }
  /** Local name -> the module it was imported from. */
  const imports = new Map<string, string>();
  const edits: Edit[] = [];
  const lineOf = (node: { position?: { start: { line: number } } }) => node.position?.start.line ?? 1;

  const visit = (node: Nodes): void => {
    if (node.type === "mdxjsEsm") {
      for (const statement of node.data?.estree?.body ?? []) {
        if (statement.type === "ImportDeclaration") {
          for (const specifier of statement.specifiers) imports.set(specifier.local.name, String(statement.source.value));
          continue;
        }
        const [start, end] = statement.range ?? [offsets(node).start, offsets(node).end];
        edits.push({ start, end, text: "" });
        findings.push({ line: statement.loc?.start.line ?? lineOf(node), message: `removed "${clip(text.slice(start, end))}": an export is JavaScript, which carta-docs does not run (a doc's metadata goes in its front matter; a component's output in the markdown)` });
      }
      return;
    }
    if (node.type === "mdxFlowExpression" || node.type === "mdxTextExpression") {
      if (node.data?.estree?.body.length === 0) return; // a {/* comment */}, which mdx.ts drops
      const { start, end } = offsets(node);
      edits.push({ start, end, text: "" });
      findings.push({ line: lineOf(node), message: `removed the expression {${clip(node.value)}}: carta-docs does not evaluate JavaScript; write its value as text` });
      return;
    }
    if (isElement(node)) {
      jsx = true;
      if (element(node)) return;
    }
    for (const child of (node as Parent).children ?? []) visit(child);
  };

  /** Handles an element; true when its children need no visit (it was replaced whole). */
  const element = (node: JsxElement): boolean => {
    const name = node.name ?? "";
    const from = imports.get(name);
    const { start, end } = offsets(node);
    if (name === "CodeBlock" || from === "@theme/CodeBlock") {
      const language = attribute(node, "language") ?? "";
      const title = attribute(node, "title");
      const code = codeOf(text, node).replace(/\n$/, "");
      const fence = code.includes("```") ? "~~~~" : "```";
      edits.push({ start, end, text: `${fence}${language}${title ? ` title="${title}"` : ""}\n${code}\n${fence}` });
      converted.push("CodeBlock");
      return true;
    }
    if (name === "DocCardList" || from === "@theme/DocCardList") {
      edits.push({ start, end, text: "" });
      converted.push("DocCardList");
      return true;
    }
    const known = /^[a-z]/.test(name) || READ_BY_MDX.has(name) || linkComponents.has(name) || (from !== undefined && from.startsWith("@theme/") && READ_BY_MDX.has(from.slice("@theme/".length)));
    if (known || name === "") {
      // Expression attributes mdx.ts cannot read (all but require("./file")) are taken out of an element kept.
      for (const attr of node.attributes) {
        if (!holdsExpression(attr) || (attr.type === "mdxJsxAttribute" && typeof attr.value === "object" && requiredFile(attr.value?.data?.estree) !== undefined)) continue;
        const at = offsets(attr);
        edits.push({ start: at.start, end: at.end, text: "" });
        findings.push({ line: lineOf(attr), message: `removed the attribute ${clip(text.slice(at.start, at.end))} of <${name}>: a JavaScript expression carta-docs does not evaluate; write the value as a string if it matters` });
      }
      return false;
    }
    // A component of the site's own: its tags go, what it holds stays.
    const children = node.children as Nodes[];
    if (children.length === 0) edits.push({ start, end, text: "" });
    else {
      edits.push({ start, end: offsets(children[0]!).start, text: "" });
      edits.push({ start: offsets(children[children.length - 1]!).end, end, text: "" });
    }
    findings.push({
      line: lineOf(node),
      message: `<${name}>${from ? ` (from ${from})` : ""} is a React component carta-docs does not run: its tags were removed and its text kept; write its output as markdown or HTML, or, if it only makes a link, map it in mdx.linkComponents of site.config.ts (e.g. ${name}: "/docs/{to}")`,
    });
    return false;
  };

  visit(tree);
  edits.sort((a, b) => b.start - a.start);
  let out = text;
  let floor = Infinity;
  for (const edit of edits) {
    if (edit.end > floor) continue; // inside an edit made already (nested in something replaced whole)
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
    floor = edit.start;
  }
  return { text: out, findings, converted, jsx };
}

function holdsExpression(attr: MdxJsxAttribute | MdxJsxExpressionAttribute): boolean {
  return attr.type === "mdxJsxExpressionAttribute" || (attr.value !== null && attr.value !== undefined && typeof attr.value !== "string");
}

function clip(value: string): string {
  const one = value.replace(/\s+/g, " ").trim();
  return one.length > 60 ? `${one.slice(0, 57)}...` : one;
}
