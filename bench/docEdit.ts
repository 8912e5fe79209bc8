/**
 * The one-doc edit of issue 28's ratio: a writer changes a tutorial's text between two builds. The edit
 * adds a sentence to the doc's first paragraph (its prose, not a heading, code block or front matter), and
 * the doc is put back as it was once the work is done, whether or not the work succeeded.
 */
import fs from "node:fs";

/**
 * `markdown` with `sentence` appended to the first line of its first paragraph: a line outside the front
 * matter and code fences that starts with a letter (not a heading, list, table, admonition or HTML).
 * Throws when the doc has no such line.
 */
export function editProse(markdown: string, sentence: string): string {
  const lines = markdown.split("\n");
  let i = 0;
  if (lines[0]?.trim() === "---") {
    const end = lines.findIndex((line, n) => n > 0 && line.trim() === "---");
    i = end < 0 ? lines.length : end + 1;
  }
  let fence: string | undefined;
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    const opening = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (opening && opening[0] === fence[0] && opening.length >= fence.length && line.trim() === opening) fence = undefined;
      continue;
    }
    if (opening) {
      fence = opening;
      continue;
    }
    if (/^[A-Za-z]/.test(line)) {
      lines[i] = `${line.trimEnd()} ${sentence}`;
      return lines.join("\n");
    }
  }
  throw new Error("the doc has no paragraph of prose to edit");
}

/** Runs `work` with `file`'s prose edited (editProse), then writes the file's bytes back as they were. */
export async function withDocEdited<T>(file: string, sentence: string, work: () => Promise<T>): Promise<T> {
  const original = fs.readFileSync(file);
  fs.writeFileSync(file, editProse(original.toString("utf8"), sentence));
  try {
    return await work();
  } finally {
    fs.writeFileSync(file, original);
  }
}
