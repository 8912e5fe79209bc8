/**
 * Markdown twins of API pages, written from the model (never from the HTML): kind and name, declaration,
 * comment, signatures with their parameter and return types, each member with its comment, and "Defined in"
 * links. References to documented items link to their twins; types are TypeScript text in code.
 *
 * `full` leaves out what only helps navigation (the index lists of area and landing pages), for a
 * version's llms-full.txt, where every item follows in full anyway.
 */
import { twinText } from "../markdown/twinText.ts";
import { API_MEMBER_KINDS, itemLocation, type ApiArea, type ApiComment, type ApiItem, type ApiMember, type ApiParameter, type ApiSignature, type ApiSource, type ApiType, type ApiTypeParameter } from "../api/model.ts";
import { declarationTokens, signatureTokens, tokensToText, typeToText, typeTokens } from "../api/typeText.ts";
import { areaGroups } from "../../templates/api/ApiAreaArticle.tsx";
import { KIND_LABELS, MEMBER_GROUPS } from "../../templates/api/labels.ts";
import { countChanges } from "../api/diff.ts";
import { formatApiDiff } from "../api/diffReport.ts";
import type { ApiAreaPage, ApiChangesPage, ApiLandingPage, ApiPage, ApiPageContext } from "../pages/pages.ts";
import { reportedUses } from "../pages/apiUsage.ts";
import { twinLink, type TwinSite } from "../output/twinUrls.ts";

/** How one API page's twin writes links and comments. */
class ApiTwinWriter {
  constructor(
    private readonly twins: TwinSite,
    private readonly page: ApiPage,
    private readonly api: ApiPageContext & { twin: (markdown: string) => string },
  ) {}

  /** Absolute twin URL of a location in this version ("\.-stores/class/AppStore#openFile"). */
  url(location: string): string {
    return twinLink(this.twins, this.page.route, this.api.href(location));
  }

  md(markdown: string | undefined): string {
    return markdown?.trim() ? this.api.twin(markdown) : "";
  }

  /** A one-line summary after a list entry's link. */
  summary(markdown: string): string {
    const text = oneLine(this.md(markdown));
    return text ? `: ${text}` : "";
  }

  /** A type as code; a reference to a documented item as a link to its twin. */
  type(type: ApiType): string {
    const tokens = typeTokens(type);
    const only = tokens.length === 1 ? tokens[0] : undefined;
    return only?.target !== undefined ? `[${code(only.text)}](${this.url(only.target)})` : code(tokensToText(tokens));
  }

  comment(comment: ApiComment | undefined): string[] {
    if (!comment) return [];
    const out: string[] = [];
    if (comment.deprecated !== undefined) out.push(`**Deprecated.** ${this.md(comment.deprecated)}`.trim());
    if (comment.modifiers.length > 0) out.push(comment.modifiers.map((m) => `\`@${m}\``).join(" "));
    out.push(this.md(comment.summary));
    const tagged: [string, string][] = [
      ...(comment.remarks ? [["Remarks", comment.remarks] as [string, string]] : []),
      ...comment.examples.map((example): [string, string] => ["Example", example]),
      ...comment.blockTags.map(({ tag, markdown }): [string, string] => [tag.charAt(0).toUpperCase() + tag.slice(1), markdown]),
      ...comment.see.map((see): [string, string] => ["See also", see]),
    ];
    for (const [title, markdown] of tagged) out.push(`**${title}**`, this.md(markdown));
    return out.filter(Boolean);
  }

  signature(signature: ApiSignature, name: string): string[] {
    const out = [fence(tokensToText(signatureTokens(signature, name))), ...this.comment(signature.comment)];
    out.push(...this.typeParameters(signature.typeParameters));
    if (signature.parameters.length > 0) out.push(`Parameters:\n\n${signature.parameters.map((p) => this.parameter(p)).join("\n")}`);
    if (signature.kind === "call" && signature.returns) {
      const why = oneLine(this.md(signature.comment?.returns));
      out.push(`Returns ${this.type(signature.returns)}${why ? `: ${why}` : ""}`);
    }
    return out;
  }

  parameter(parameter: ApiParameter): string {
    const name = `${parameter.rest ? "..." : ""}${parameter.name}${parameter.optional && !parameter.rest ? "?" : ""}`;
    const type = parameter.type ? ` (${this.type(parameter.type)})` : "";
    const fallback = parameter.defaultValue !== undefined ? ` = ${code(parameter.defaultValue)}` : "";
    return `- ${code(name)}${type}${fallback}${this.summary(parameter.description ?? "")}`;
  }

  typeParameters(parameters: ApiTypeParameter[]): string[] {
    if (parameters.length === 0) return [];
    const rows = parameters.map((p) => {
      const constraint = p.constraint ? ` extends ${this.type(p.constraint)}` : "";
      const fallback = p.default ? ` = ${this.type(p.default)}` : "";
      return `- ${code(p.name)}${constraint}${fallback}${this.summary(p.description ?? "")}`;
    });
    return [`Type parameters:\n\n${rows.join("\n")}`];
  }

  sources(sources: ApiSource[]): string[] {
    if (sources.length === 0) return [];
    return [`Defined in ${sources.map((s) => (s.url ? `[${s.file}:${s.line}](${s.url})` : code(`${s.file}:${s.line}`))).join(", ")}`];
  }

  relation(label: string, types: ApiType[]): string[] {
    return types.length > 0 ? [`${label} ${types.map((t) => this.type(t)).join(", ")}`] : [];
  }

  /** An item in full: its heading at `depth`, then declaration or signatures, comment, members. */
  item(item: ApiItem, depth: number): string[] {
    const heading = "#".repeat(depth);
    const flags = item.flags.length > 0 ? ` (${item.flags.join(", ")})` : "";
    const out = [`${heading} ${depth === 1 ? `${KIND_LABELS[item.kind].one}: ` : ""}${twinText(item.name)}${flags}`];
    if (item.kind === "function") for (const signature of item.signatures) out.push(...this.signature(signature, item.name));
    else out.push(fence(tokensToText(declarationTokens(item))), ...this.comment(item.comment), ...this.typeParameters(item.typeParameters));
    out.push(
      ...this.relation("Extends", item.extends),
      ...this.relation("Implements", item.implements),
      ...this.relation("Extended by", item.extendedBy),
      ...this.relation("Implemented by", item.implementedBy),
    );
    if (item.kind !== "function" && item.signatures.length > 0) {
      out.push(`${heading}# Call signatures`);
      for (const signature of item.signatures) out.push(...this.signature(signature, ""));
    }
    out.push(...this.sources(item.sources));
    for (const kind of API_MEMBER_KINDS) {
      const members = item.members.filter((m) => m.kind === kind);
      if (members.length === 0) continue;
      out.push(`${heading}# ${MEMBER_GROUPS[kind]}`);
      for (const member of members) out.push(...this.member(member, item, `${heading}##`));
    }
    return out;
  }

  member(member: ApiMember, item: ApiItem, heading: string): string[] {
    const flags = member.flags.length > 0 ? ` (${member.flags.join(", ")})` : "";
    const out = [`${heading} ${twinText(member.name)}${flags}`];
    const line = memberLine(member);
    if (line) out.push(fence(line));
    out.push(...this.comment(member.comment));
    const name = member.kind === "constructor" ? `new ${item.name}` : member.name;
    for (const signature of member.signatures) out.push(...this.signature(signature, name));
    for (const [label, reference] of [["Inherited from", member.inheritedFrom], ["Overrides", member.overwrites], ["Implementation of", member.implementationOf]] as const) {
      if (reference) out.push(`${label} ${this.type(reference)}`);
    }
    out.push(...this.sources(member.sources));
    return out;
  }

  /** Area pages and the landing page list items and areas with a one-line summary each. */
  index(items: ApiItem[]): string {
    return items.map((item) => `- [${escapeLinkText(item.name)}](${this.url(itemLocation(item))})${this.summary(item.summary)}`).join("\n");
  }
}

/** The declaration line of a property or enum member (members with signatures show those). */
function memberLine(member: ApiMember): string | undefined {
  if (member.kind === "enumMember") return member.value === undefined ? member.name : `${member.name} = ${member.value}`;
  if (member.kind !== "property") return undefined;
  const head = `${member.flags.includes("static") ? "static " : ""}${member.flags.includes("readonly") ? "readonly " : ""}`;
  const type = member.type ? typeToText(member.type) : "unknown";
  return `${head}${member.name}${member.flags.includes("optional") ? "?" : ""}: ${type}${member.defaultValue !== undefined ? ` = ${member.defaultValue}` : ""}`;
}

/** Inline code, fenced with enough backticks for the text. */
function code(text: string): string {
  if (!text.includes("`") && text.trim() === text) return `\`${text}\``;
  const ticks = "`".repeat(Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length)) + 1);
  return ticks.length > 1 || text.startsWith(" ") || text.endsWith(" ") ? `${ticks} ${text} ${ticks}` : `\`${text}\``;
}

function fence(text: string): string {
  if (!text.includes("```")) return `\`\`\`ts\n${text}\n\`\`\``;
  const ticks = "`".repeat(Math.max(3, ...[...text.matchAll(/`{3,}/g)].map((m) => m[0].length + 1)));
  return `${ticks}ts\n${text}\n${ticks}`;
}

export function escapeLinkText(text: string): string {
  return twinText(text.replace(/[[\]\\]/g, "\\$&"));
}

/** A twin's blocks, the empty ones left out, a blank line apart. */
export function joinBlocks(blocks: string[]): string {
  return `${blocks.filter((block) => block.trim() !== "").join("\n\n")}\n`;
}

/** Text on one line, for a list entry's summary. */
export function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ").trim();
}

/** The twin of an API page; the page's own (index lists included) or its part of llms-full.txt (`full`). */
export function apiPageTwin(twins: TwinSite, page: ApiPage, full: boolean): string {
  if (!page.api.twin) throw new Error(`the API page ${page.route} was built without twins`);
  const out = new ApiTwinWriter(twins, page, { ...page.api, twin: page.api.twin });
  switch (page.kind) {
    case "apiItem":
      return joinBlocks(out.item(page.item, 1));
    case "apiArea":
      return joinBlocks(areaTwin(out, page, full));
    case "apiLanding":
      return joinBlocks(landingTwin(out, page, full));
    case "apiChangelog":
      return joinBlocks([`# ${twinText(page.title)}`, page.markdown ?? ""]);
    case "apiChanges":
      return joinBlocks([`# ${twinText(page.title)}`, changesTwin(twins, page)]);
  }
}

/** The changes page as the release-notes markdown of its diff, each item linked to its twin in either version. */
function changesTwin(twins: TwinSite, page: ApiChangesPage): string {
  const { diff, since, note } = page;
  if (!diff || !since) return note ?? "";
  const link = (href: (location: string) => string) => (location: string) => twinLink(twins, page.route, href(location));
  // The report opens with its own heading; the twin's is the page's title.
  const broken = page.broken && reportedUses(page.broken, (route) => twinLink(twins, page.route, route));
  return formatApiDiff({ diff, counts: countChanges(diff), urls: { from: link(since.href), to: link(page.api.href) }, ...(broken && { broken }) }, "markdown").replace(/^# .*\n/, "");
}

function areaTwin(out: ApiTwinWriter, { area, api }: ApiAreaPage, full: boolean): string[] {
  const blocks = [`# ${twinText(area.title)}`, full ? "" : `API of ${twinText(`${api.model.packageName} ${api.model.packageVersion}`)}.`];
  for (const { kind, title, items } of areaGroups(area)) {
    const inline = kind === "type" || kind === "variable";
    if (!inline && full) continue;
    blocks.push(`## ${title}`);
    if (inline) for (const item of items) blocks.push(...out.item(item, 3));
    else blocks.push(out.index(items));
  }
  return blocks;
}

function landingTwin(out: ApiTwinWriter, page: ApiLandingPage, full: boolean): string[] {
  const { model } = page.api;
  const blocks = [`# ${twinText(`${model.packageName} ${model.packageVersion}`)} API reference`];
  if (model.isExample) blocks.push("> **Note**\n>\n> No carta-frontend checkout was found, so this reference documents the sample code base that comes with carta-docs.");
  blocks.push(page.overviewMarkdown ?? "");
  if (!full && model.areas.length > 0) blocks.push("## Modules", model.areas.map((area: ApiArea) => `- [${escapeLinkText(area.title)}](${out.url(area.slug)}): ${area.items.length} items`).join("\n"));
  if (model.indexItems.length > 0) {
    blocks.push("## Other exports");
    for (const item of model.indexItems) blocks.push(...out.item(item, 3));
  }
  blocks.push(`Generated from ${model.sourceLabel}.`);
  return blocks;
}

