/**
 * An API diff as text for a terminal, markdown for a release's notes, or JSON for scripts
 * (`carta-docs api-diff --format`).
 */
import { memberLink, textChanged, type ApiChangeAspect, type ApiDiff, type ApiDiffCounts, type ApiItemChange, type ApiMemberChange } from "./diff.ts";

export type ApiDiffFormat = "text" | "json" | "markdown";

export interface ApiDiffReportInput {
  diff: ApiDiff;
  counts: ApiDiffCounts;
  /** Absolute URLs of locations in either version, for links in markdown. */
  urls?: { from: (location: string) => string; to: (location: string) => string };
  /** By the older location of each removed or renamed item or member, the older version's tutorial lines using it. */
  broken?: Record<string, ReportedUse[]>;
}

/** A tutorial line that a removal or rename breaks (see cli/pages/apiUsage.ts), as reports give it. */
export interface ReportedUse {
  /** The page's title and the section's heading. */
  page: string;
  section?: string;
  /** The section's URL. */
  url: string;
  /** The line using the old name. */
  line: string;
  /** The new name of a renamed member, or the additions the newer tutorials use in the same section. */
  replacements: { name: string; url: string }[];
  renamed?: true;
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
  if (format === "json") return `${JSON.stringify({ from: input.diff.from, to: input.diff.to, counts: input.counts, items: jsonItems(input) }, null, 2)}\n`;
  return format === "markdown" ? markdownReport(input) : textReport(input);
}

/** The tutorial lines that used an item's or member's older side, when it was removed or renamed. */
function usesOf(input: ApiDiffReportInput, item: ApiItemChange, member?: ApiMemberChange): ReportedUse[] {
  if (!input.broken) return [];
  if (!member) return item.change === "removed" ? (input.broken[item.before!.location] ?? []) : [];
  return member.change === "removed" || member.change === "renamed" ? (input.broken[memberLink(item.before, member.before!)] ?? []) : [];
}

/** The diff's items, each removed or renamed one with `usedBy`: the older tutorial lines using it. */
function jsonItems(input: ApiDiffReportInput): unknown[] {
  const usedBy = (uses: ReportedUse[]) => (uses.length === 0 ? {} : { usedBy: uses });
  return input.diff.items.map((item) => ({ ...item, ...usedBy(usesOf(input, item)), members: item.members.map((member) => ({ ...member, ...usedBy(usesOf(input, item, member)) })) }));
}

/** "Quick start › Switch between images" */
function useLabel(use: ReportedUse): string {
  return use.section === undefined ? use.page : `${use.page} › ${use.section}`;
}

/** "used in Quick start › Switch between images: app.setActiveFrame(first); (renamed to AppStore.updateActiveImageByFrame)" lines. */
function useLines(input: ApiDiffReportInput, uses: ReportedUse[], indent: string): string[] {
  return uses.map((use) => {
    const names = use.replacements.map((r) => r.name).join(", ");
    const instead = names ? ` (${use.renamed ? "renamed to" : `${input.diff.to} uses`} ${names})` : "";
    return `${indent}used in ${useLabel(use)}: ${use.line.trim()}${instead}`;
  });
}

/** "items: 3 added, 1 removed, 2 changed, 1 moved; members: 4 added, 0 removed, 1 renamed, 6 changed" */
export function countsLine(counts: ApiDiffCounts): string {
  const { items, members } = counts;
  return `items: ${items.added} added, ${items.removed} removed, ${items.changed} changed, ${items.moved} moved; members: ${members.added} added, ${members.removed} removed, ${members.renamed} renamed, ${members.changed} changed`;
}

function byArea(diff: ApiDiff): [string, ApiItemChange[]][] {
  const areas = new Map<string, ApiItemChange[]>();
  for (const item of diff.items) {
    const title = (item.after ?? item.before)!.areaTitle;
    areas.set(title, [...(areas.get(title) ?? []), item]);
  }
  return [...areas];
}

const SIGNS = { added: "+", removed: "-", changed: "~", moved: ">", renamed: "%" } as const;

/** A member's name as reports give it: "old -> new" when renamed. */
function memberName(member: ApiMemberChange): string {
  return member.change === "renamed" ? `${member.before!.name} -> ${member.name}` : member.name;
}

function aspectsText(aspects: ApiChangeAspect[]): string {
  const shown = aspects.filter((aspect) => aspect !== "signature" || aspects.length === 1);
  return shown.map((aspect) => ASPECT_WORDS[aspect]).join(", ");
}

function textReport(input: ApiDiffReportInput): string {
  const { diff, counts } = input;
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
      lines.push(...useLines(input, usesOf(input, item), "      "));
      for (const member of item.members) {
        const memberAspects = aspectsText(member.aspects);
        lines.push(`      ${SIGNS[member.change]} ${memberName(member)}: ${member.change}${memberAspects ? `: ${memberAspects}` : ""}`);
        pushTexts(lines, member.before?.text, member.after?.text, member.aspects, "          ", member.change === "renamed");
        lines.push(...useLines(input, usesOf(input, item, member), "          "));
      }
    }
  }
  return `${lines.join("\n")}\n`;
}

/** Before and after as `-` and `+` lines, when the text changed; the one text of an addition or removal. */
function pushTexts(lines: string[], before: string | undefined, after: string | undefined, aspects: ApiChangeAspect[], indent: string, renamed = false): void {
  if (before !== undefined && after !== undefined && !renamed && !textChanged(aspects)) return;
  for (const line of before?.split("\n") ?? []) lines.push(`${indent}- ${line}`);
  for (const line of after?.split("\n") ?? []) lines.push(`${indent}+ ${line}`);
}

function markdownReport(input: ApiDiffReportInput): string {
  const { diff, counts, urls } = input;
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
      out.push(...markdownUses(input, usesOf(input, item), "  "));
      for (const member of item.members) out.push(...memberLines(member), ...markdownUses(input, usesOf(input, item, member), "    "));
    }
  }
  return `${out.join("\n")}\n`;
}

/** The tutorial lines a removal or rename breaks, as a nested list linking each section and replacement. */
function markdownUses(input: ApiDiffReportInput, uses: ReportedUse[], indent: string): string[] {
  if (uses.length === 0) return [];
  return [
    `${indent}- Used by the ${input.diff.from} tutorials:`,
    ...uses.map((use) => {
      const names = use.replacements.map((r) => `[\`${r.name}\`](${r.url})`).join(", ");
      const instead = names ? (use.renamed ? ` (renamed to ${names})` : ` (${input.diff.to} uses ${names} there)`) : "";
      return `${indent}  - [${useLabel(use)}](${use.url}): \`${use.line.trim()}\`${instead}`;
    }),
  ];
}

function memberLines(member: ApiMemberChange): string[] {
  const aspects = aspectsText(member.aspects);
  const name = member.change === "renamed" ? `\`${member.before!.name}\` → \`${member.name}\`` : `\`${member.name}\``;
  const lines = [`  - ${capitalise(member.change)} ${name}${aspects ? `: ${aspects}` : ""}`];
  const block = diffBlock(member.before?.text, member.after?.text, member.change === "renamed" ? ["signature"] : member.aspects, true);
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
