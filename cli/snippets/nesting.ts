/**
 * How deeply a snippet's code nests: TypeScript's parser and checker recurse once per level, so a block nesting
 * thousands of brackets (or type arguments) deep overflows the stack and would take the build down. Such a
 * block is an error at its line instead, and left out of the check. Measured by a scan of its characters (no
 * TypeScript, which a warm build does not load): quoted strings and comments skipped (a template literal is
 * not: its `${}` may nest too); a `<` opens a level only right after a name (`Array<`), as type arguments are
 * written, so that a comparison never does.
 */

/** Levels a snippet may nest; real snippets nest a few, and TypeScript's recursion overflows near 1,000. */
export const MAX_SNIPPET_NESTING = 200;

const CLOSING: Record<string, string> = { ")": "(", "]": "[", "}": "{", ">": "<" };

/** The first place where `code` nests deeper than `limit`: its line within the code (0-based); undefined when it never does. */
export function tooDeepAt(code: string, limit = MAX_SNIPPET_NESTING): number | undefined {
  const open: string[] = [];
  let line = 0;
  let i = 0;
  const skipTo = (end: string) => {
    for (i++; i < code.length && !code.startsWith(end, i); i++) {
      if (code[i] === "\\" && end !== "*/") i++;
      else if (code[i] === "\n") line++;
    }
    i += end.length - 1;
  };
  for (; i < code.length; i++) {
    const c = code[i]!;
    if (c === "\n") line++;
    else if (c === '"' || c === "'") skipTo(c);
    else if (code.startsWith("//", i)) {
      skipTo("\n");
      line++;
    } else if (code.startsWith("/*", i)) skipTo("*/");
    else if (c === "(" || c === "[" || c === "{" || (c === "<" && /[\w$]/.test(code[i - 1] ?? ""))) {
      open.push(c);
      if (open.length > limit) return line;
    } else if (c in CLOSING && open.at(-1) === CLOSING[c]) open.pop();
  }
  return undefined;
}
