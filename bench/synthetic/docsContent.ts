/**
 * The markdown of one synthetic docs version: an introduction plus categories of thirty pages (or as many as
 * asked), each page
 * with headings, code blocks with titles, a table, an admonition, and links to sibling docs, to anchors
 * in other categories and into the API reference. Every link resolves, so the build has no errors.
 */
import { paragraph, seeded, sentence, TOPICS, words, type Random } from "./random.ts";

const PAGES_PER_CATEGORY = 30;
const STANDALONE_CLASS = "ExampleStore";

export interface DocsVersionInput {
  /** Pages including the introduction. */
  pages: number;
  /** Shown in the introduction, e.g. "2.0.0" or "Next". */
  label: string;
  /**
   * Classes present in every version of the API; pages link to them and to their `setLabel` member. Empty for a
   * site without an API reference: pages then name a class without linking it.
   */
  apiClasses: readonly string[];
  /** Pages of a category; 30 when not given. */
  perCategory?: number;
}

const pad = (n: number) => String(n).padStart(3, "0");
const categoryDir = (c: number) => `topic-${String(c).padStart(2, "0")}`;

/** Page `p` (1-based; 0 is the introduction) lives in category `c` at position `q`. */
function placeOf(p: number, perCategory: number): { c: number; q: number } {
  return { c: Math.floor((p - 1) / perCategory), q: (p - 1) % perCategory };
}

function codeBlock(random: Random, cls: string, p: number): string {
  const lines = Array.from({ length: 6 }, (_, i) => `const value${i} = store.measure([${i}, ${p}, ${random.int(100)}], ${i + 1}); // ${words(random, 4)}`);
  return ["```ts title=\"example-" + p + ".ts\"", `const store = new ${cls}(${p});`, `store.setLabel("${words(random, 1)}");`, ...lines, "```"].join("\n");
}

function table(random: Random): string {
  const rows = Array.from({ length: 5 }, (_, i) => `| \`${words(random, 1)}${i}\` | \`number\` | ${random.int(1000)} | ${words(random, 6)} |`);
  return ["| Name | Type | Default | Description |", "| --- | --- | --- | --- |", ...rows].join("\n");
}

function page(p: number, input: DocsVersionInput, categories: number, random: Random): string {
  const perCategory = input.perCategory ?? PAGES_PER_CATEGORY;
  const { c, q } = placeOf(p, perCategory);
  const inCategory = Math.min(perCategory, input.pages - 1 - c * perCategory);
  const sibling = q + 1 < inCategory ? `./page-${pad(q + 1)}.md` : `./page-${pad(0)}.md`;
  const other = `../${categoryDir((c + 1) % categories)}/page-${pad(0)}.md#overview`;
  const cls = input.apiClasses.length > 0 ? input.apiClasses[p % input.apiClasses.length]! : STANDALONE_CLASS;
  const apiLinks = input.apiClasses.length > 0;
  const topic = TOPICS[p % TOPICS.length]!;
  return `---
title: ${topic} ${words(random, 2)} ${p}
sidebar_position: ${q}
description: ${sentence(random)}
---

${paragraph(random, 3)} Continue with [the next page](${sibling}) or go back to [the introduction](../intro.md).

## Overview

${paragraph(random, 4)} ${apiLinks ? `The [${cls}](api:${cls}) class does this; its [setLabel](api:${cls}#setLabel) method renames it.` : `The \`${cls}\` class does this; its \`setLabel\` method renames it.`}

### Details

${paragraph(random, 3)}

${codeBlock(random, cls, p)}

## Parameters

${paragraph(random, 2)}

${table(random)}

:::note
${paragraph(random, 2)}
:::

## Usage

${paragraph(random, 3)} Compare with [the overview of the next topic](${other}) and [an external reference](https://example.org/${words(random, 1)}).

\`\`\`bash
npm run ${words(random, 1)} -- --${words(random, 1)} ${random.int(10)}
\`\`\`

### Notes

${Array.from({ length: 4 }, () => `- ${sentence(random)}`).join("\n")}

## Configuration

\`\`\`json
{ "${words(random, 1)}": ${random.int(100)}, "${words(random, 1)}": "${words(random, 1)}", "enabled": true }
\`\`\`

${paragraph(random, 3)}
`;
}

function intro(input: DocsVersionInput, categories: number): string {
  const random = seeded(7);
  const links = Array.from({ length: categories }, (_, c) => `- [Topic ${c + 1}](./${categoryDir(c)}/page-${pad(0)}.md)`);
  return `---
slug: /
sidebar_position: 0
title: Introduction
description: The synthetic documentation, version ${input.label}.
---

This is version ${input.label} of the synthetic documentation. ${paragraph(random, 3)}

## Topics

${links.join("\n")}
`;
}

/** Files of one docs version, by path relative to the version's folder. */
export function versionDocs(input: DocsVersionInput): Map<string, string> {
  if (input.pages < 2) throw new Error("a synthetic docs version needs at least two pages");
  const perCategory = input.perCategory ?? PAGES_PER_CATEGORY;
  const categories = Math.ceil((input.pages - 1) / perCategory);
  const files = new Map<string, string>([["intro.md", intro(input, categories)]]);
  for (let c = 0; c < categories; c++) {
    const category = { label: `Topic ${c + 1}`, position: c + 1, link: { type: "generated-index", title: `Topic ${c + 1}`, description: sentence(seeded(c + 1000)) } };
    files.set(`${categoryDir(c)}/_category_.json`, `${JSON.stringify(category)}\n`);
  }
  for (let p = 1; p < input.pages; p++) {
    const { c, q } = placeOf(p, perCategory);
    files.set(`${categoryDir(c)}/page-${pad(q)}.md`, page(p, input, categories, seeded(p)));
  }
  return files;
}
