/**
 * What a migration did and what it left to a person: collected while migrating, printed at the end and kept in
 * the new site as MIGRATION.md.
 */
export interface Finding {
  /** File of the Docusaurus site (relative to its folder). */
  file: string;
  line?: number;
  message: string;
}

export class MigrationReport {
  /** Things done that the reader should know (a computed copyright fixed, the blog frozen). */
  readonly notes: string[] = [];
  /** Config keys without a counterpart. */
  readonly notCarried: Finding[] = [];
  /** What needs a person: MDX taken out, items left out, routes not kept. */
  readonly toDo: Finding[] = [];
  /** Packages replaced by stubs while evaluating the site's code. */
  readonly stubbed = new Set<string>();
  readonly counts = new Map<string, number>();

  note(message: string): void {
    if (!this.notes.includes(message)) this.notes.push(message);
  }

  unsupported(file: string, line: number | undefined, key: string, why: string): void {
    this.notCarried.push({ file, ...(line !== undefined && { line }), message: `${key}: ${why}` });
  }

  needsPerson(file: string, line: number | undefined, message: string): void {
    this.toDo.push({ file, ...(line !== undefined && { line }), message });
  }

  count(what: string, by = 1): void {
    this.counts.set(what, (this.counts.get(what) ?? 0) + by);
  }
}

const where = (f: Finding) => `${f.file}${f.line ? `:${f.line}` : ""}`;

/** The report as markdown (MIGRATION.md). */
export function reportMarkdown(report: MigrationReport, from: string): string {
  const lines = [`# Migrated from Docusaurus`, "", `From \`${from}\` by \`carta-docs migrate\`.`, "", "## What was done", ""];
  for (const [what, n] of report.counts) lines.push(`- ${what}: ${n}`);
  for (const note of report.notes) lines.push(`- ${note}`);
  if (report.stubbed.size > 0) lines.push(`- packages not installed, replaced by stubs while the config and sidebars were evaluated: ${[...report.stubbed].join(", ")}`);
  lines.push("", "## Needs a person", "");
  if (report.toDo.length === 0) lines.push("Nothing.");
  for (const f of report.toDo) lines.push(`- ${where(f)}: ${f.message}`);
  lines.push("", "## Docusaurus config keys not carried over", "");
  if (report.notCarried.length === 0) lines.push("None.");
  for (const f of report.notCarried) lines.push(`- ${where(f)}: ${f.message}`);
  return `${lines.join("\n")}\n`;
}

/** The summary printed on the terminal: counts, notes and what needs a person (the config keys by count only). */
export function reportSummary(report: MigrationReport): string {
  const lines = [[...report.counts].map(([what, n]) => `${n} ${what}`).join(", ")];
  for (const note of report.notes) lines.push(`  ${note}`);
  if (report.stubbed.size > 0) lines.push(`  stubbed while evaluating the config: ${[...report.stubbed].join(", ")}`);
  if (report.notCarried.length > 0) lines.push(`  ${report.notCarried.length} Docusaurus config keys not carried over (listed in MIGRATION.md)`);
  lines.push(report.toDo.length === 0 ? "Needs a person: nothing." : `Needs a person (${report.toDo.length}):`);
  for (const f of report.toDo) lines.push(`  ${where(f)}: ${f.message}`);
  return lines.join("\n");
}
