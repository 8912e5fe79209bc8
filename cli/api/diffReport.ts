/**
 * An API diff as text for a terminal, markdown for a release's notes, or JSON for scripts
 * (`carta-docs api-diff --format`).
 */
import { textChanged, type ApiChangeAspect, type ApiDiff, type ApiDiffCounts, type ApiItemChange, type ApiMemberChange } from "./diff.ts";

export type ApiDiffFormat = "text" | "json" | "markdown";

export interface ApiDiffReportInput {
  diff: ApiDiff;
  counts: ApiDiffCounts;
  /** Absolute URLs of locations in either version, for links in markdown. */
  urls?: { from: (location: string) => string; to: (location: string) => string };
}

/** How each aspect of a change is named for people, in reports and on the changes pages. */
export const ASPECT_WORDS: Record<ApiChangeAspect, string> = {
  kind: "kind",
  signature: "signature",
  parameters: "parameters",
  returns: "return type",
  type: "type",
  deprecated: "deprecated",
  undeprecated: "no longer deprecated",
};

export function formatApiDiff(input: ApiDiffReportInput, format: ApiDiffFormat): string {
  if (format === "json") return `${JSON.stringify({ from: input.diff.from, to: input.diff.to, counts: input.counts, items: input.diff.items }, null, 2)}\n`;
  return format === "markdown" ? markdownReport(input) : textReport(input);
}

/** "3 items added, 1 removed, 2 changed, 1 moved; members: 4 added, 0 removed, 6 changed" */
export function countsLine(counts: ApiDiffCounts): string {
  const { items, members } = counts;
  return `items: ${items.added} added, ${items.removed} removed, ${items.changed} changed, ${items.moved} moved; members: ${members.added} added, ${members.removed} removed, ${members.changed} changed`;
}

function byArea(diff: ApiDiff): [string, ApiItemChange[]][] {
  const areas = new Map<string, ApiItemChange[]>();
  for (const item of diff.items) {
    const title = (item.after ?? item.before)!.areaTitle;
    areas.set(title, [...(areas.get(title) ?? []), item]);
  }
  return [...areas];
}

const SIGNS = { added: "+", removed: "-", changed: "~", moved: ">" } as const;

function aspectsText(aspects: ApiChangeAspect[]): string {
  const shown = aspects.filter((aspect) => aspect !== "signature" || aspects.length === 1);
  return shown.map((aspect) => ASPECT_WORDS[aspect]).join(", ");
}

function textReport({ diff, counts }: ApiDiffReportInput): string {
  const lines = [`API changes from ${diff.from} to ${diff.to}`, countsLine(counts)];
  if (diff.items.length === 0) lines.push("", "No changes.");
  for (const [title, items] of byArea(diff)) {
    lines.push("", title);
    for (const item of items) {
      const side = (item.after ?? item.before)!;
      const detail = item.change === "moved" ? ` (from ${item.before!.areaTitle})` : "";
      const aspects = aspectsText(item.aspects);
      lines.push(`  ${SIGNS[item.change]} ${side.kind} ${item.name}: ${item.change}${detail}${aspects ? `: ${aspects}` : ""}`);
      if (item.change === "changed" || item.change === "moved") pushTexts(lines, item.before?.text, item.after?.text, item.aspects, "      ");
      for (const member of item.members) {
        const memberAspects = aspectsText(member.aspects);
        lines.push(`      ${SIGNS[member.change]} ${member.name}: ${member.change}${memberAspects ? `: ${memberAspects}` : ""}`);
        pushTexts(lines, member.before?.text, member.after?.text, member.aspects, "          ");
      }
    }
  }
  return `${lines.join("\n")}\n`;
}

/** Before and after as `-` and `+` lines, when the text changed; the one text of an addition or removal. */
function pushTexts(lines: string[], before: string | undefined, after: string | undefined, aspects: ApiChangeAspect[], indent: string): void {
  if (before !== undefined && after !== undefined && !textChanged(aspects)) return;
  for (const line of before?.split("\n") ?? []) lines.push(`${indent}- ${line}`);
  for (const line of after?.split("\n") ?? []) lines.push(`${indent}+ ${line}`);
}

function markdownReport({ diff, counts, urls }: ApiDiffReportInput): string {
  const out = [`## API changes from ${diff.from} to ${diff.to}`, "", `${capitalise(countsLine(counts))}.`];
  if (diff.items.length === 0) out.push("", "No changes.");
  const link = (item: ApiItemChange) => {
    const name = `\`${item.name}\``;
    if (!urls) return name;
    return item.after ? `[${name}](${urls.to(item.after.location)})` : `[${name}](${urls.from(item.before!.location)})`;
  };
  for (const [title, items] of byArea(diff)) {
    out.push("", `### ${title}`, "");
    for (const item of items) {
      const side = (item.after ?? item.before)!;
      const aspects = aspectsText(item.aspects);
      const moved = item.change === "moved" ? ` from ${item.before!.areaTitle}` : "";
      out.push(`- **${capitalise(item.change)}** ${side.kind} ${link(item)}${moved}${aspects ? `: ${aspects}` : ""}`);
      const block = diffBlock(item.before?.text, item.after?.text, item.aspects, item.change === "changed" || item.change === "moved");
      if (block) out.push(...block.map((line) => `  ${line}`));
      for (const member of item.members) out.push(...memberLines(member));
    }
  }
  return `${out.join("\n")}\n`;
}

function memberLines(member: ApiMemberChange): string[] {
  const aspects = aspectsText(member.aspects);
  const lines = [`  - ${capitalise(member.change)} \`${member.name}\`${aspects ? `: ${aspects}` : ""}`];
  const block = diffBlock(member.before?.text, member.after?.text, member.aspects, true);
  if (block) lines.push(...block.map((line) => `    ${line}`));
  return lines;
}

/** A ```diff block of the declaration before and after, when it changed. */
function diffBlock(before: string | undefined, after: string | undefined, aspects: ApiChangeAspect[], show: boolean): string[] | undefined {
  if (!show) return undefined;
  if (before !== undefined && after !== undefined && !textChanged(aspects)) return undefined;
  const lines = [...(before?.split("\n").map((line) => `- ${line}`) ?? []), ...(after?.split("\n").map((line) => `+ ${line}`) ?? [])];
  return ["```diff", ...lines, "```"];
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
