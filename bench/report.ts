/** The benchmark's figures as rows with targets: printed as a table and written as JSON. */
import fs from "node:fs";

export type Unit = "s" | "ms" | "MB" | "KB" | "pages/s" | "req/s" | "ratio" | "count" | "score";

export interface Target {
  /** The value meets the target when `value op limit` holds. */
  op: "<" | "<=" | ">=";
  limit: number;
}

export interface Row {
  group: string;
  metric: string;
  /** Undefined when the figure could not be measured; `note` then says why. */
  value?: number;
  unit: Unit;
  /** How many runs the median was taken over. */
  runs?: number;
  target?: Target;
  note?: string;
}

export type Verdict = "yes" | "NO" | "-";

export function verdict(row: Row): Verdict {
  if (!row.target || row.value === undefined || Number.isNaN(row.value)) return "-";
  const { op, limit } = row.target;
  const met = op === "<" ? row.value < limit : op === "<=" ? row.value <= limit : row.value >= limit;
  return met ? "yes" : "NO";
}

export function formatValue(value: number, unit: Unit): string {
  if (Number.isNaN(value)) return "n/a";
  // A score between 0 and 1 (MRR), where the third decimal tells one query's rank.
  if (unit === "score") return value.toFixed(3);
  const digits = Math.abs(value) >= 100 || unit === "count" ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  const text = value.toFixed(unit === "ratio" ? 2 : digits);
  return unit === "count" ? text : `${text} ${unit === "ratio" ? "x" : unit}`;
}

function formatTarget(target: Target | undefined, unit: Unit): string {
  return target ? `${target.op} ${formatValue(target.limit, unit)}` : "";
}

/** A plain-text table: group, metric, value (with runs), target, met?, note. */
export function formatTable(rows: Row[]): string {
  const header = ["group", "metric", "value", "runs", "target", "met?", "note"];
  const cells = rows.map((row) => [
    row.group,
    row.metric,
    row.value === undefined ? "not measured" : formatValue(row.value, row.unit),
    row.runs === undefined ? "" : String(row.runs),
    formatTarget(row.target, row.unit),
    verdict(row),
    row.note ?? "",
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((cell) => cell[i]!.length)));
  const line = (cell: string[]) => cell.map((text, i) => (i === 2 ? text.padStart(widths[i]!) : text.padEnd(widths[i]!))).join("  ").trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...cells.map(line)].join("\n");
}

/** Writes the rows (with each verdict) and the raw figures they came from. */
export function writeResults(file: string, results: { rows: Row[] } & Record<string, unknown>): void {
  const rows = results.rows.map((row) => ({ ...row, met: verdict(row) }));
  fs.writeFileSync(file, `${JSON.stringify({ ...results, rows }, null, 2)}\n`);
}
