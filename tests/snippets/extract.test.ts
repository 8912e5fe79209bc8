import { describe, expect, it } from "vitest";
import type { Doc } from "../../cli/content/docs.ts";
import { extractSnippets, snippetDocs } from "../../cli/snippets/index.ts";

const PAGE = [
  "Intro",
  "",
  "```javascript",
  "app.openFile('a', 'b.fits');",
  "```",
  "",
  "- item",
  "",
  "  ```ts title=\"open.ts\"",
  "  const x: number = 1;",
  "  const y = x + 1;",
  "  ```",
  "",
  "```js nocheck",
  "app.whatever();",
  "```",
  "",
  "```python",
  "print('not a snippet')",
  "```",
  "",
  "```",
  "no language",
  "```",
  "",
  "    indented code is never a snippet",
].join("\n");

describe("extractSnippets", () => {
  it("takes JavaScript and TypeScript fences with the file line of their first code line", () => {
    expect(extractSnippets(PAGE, 3)).toEqual([
      { language: "js", code: "app.openFile('a', 'b.fits');", line: 4 + 3, nocheck: false },
      { language: "ts", code: "const x: number = 1;\nconst y = x + 1;", line: 10 + 3, nocheck: false },
      { language: "js", code: "app.whatever();", line: 15 + 3, nocheck: true },
    ]);
  });

  it("finds the second of two identical blocks at its own line", () => {
    const twice = "```js\nrun();\n```\n\ntext\n\n```js\nrun();\n```\n";
    expect(extractSnippets(twice).map((block) => block.line)).toEqual([2, 8]);
  });
});

describe("snippetDocs", () => {
  it("keeps the docs in an included folder or below it, not those of a folder that only starts alike", () => {
    const docs = ["tutorial", "tutorial/advanced", "tutorial-old", "guide", ""].map((dir) => ({ file: `content/docs/${dir}/a.md`, dir }) as Doc);
    expect(snippetDocs(docs, ["tutorial", "guide"]).map((doc) => doc.dir)).toEqual(["tutorial", "tutorial/advanced", "guide"]);
    expect(snippetDocs(docs, [])).toEqual([]);
  });
});

