/**
 * Fenced code is highlighted here, at build time, so the site ships no highlighting script.
 * A language highlight.js does not know (or none) gives escaped plain text.
 */
import type { HLJSApi } from "highlight.js";
import type { MarkedExtension } from "marked";
import { parseFenceInfo } from "./codeTitles.ts";
import { escapeHtml } from "./html.ts";
import { loadLater } from "../util/loadLater.ts";

const hljs = loadLater<HLJSApi>("highlight.js");

/**
 * Highlighted code by language and source. Versioned docs repeat most of their code blocks in every version
 * (two thirds of the blocks of the CARTA site and of the bench's large site), and highlighting is about a
 * third of rendering a doc's markdown. Bounded, for a long watch session.
 */
const highlighted = new Map<string, string>();
const MAX_KEPT = 10_000;

function highlightCode(source: string, language: string): string {
  const key = `${language}\n${source}`;
  let html = highlighted.get(key);
  if (html === undefined) {
    if (highlighted.size >= MAX_KEPT) highlighted.clear();
    html = hljs().highlight(source, { language, ignoreIllegals: true }).value;
    highlighted.set(key, html);
  }
  return html;
}

export const highlight: MarkedExtension = {
  renderer: {
    code({ text, lang }) {
      const { language, title } = parseFenceInfo(lang);
      // Indented blocks keep their last newline; a <pre> would show it as an empty line.
      const source = text.replace(/\n+$/, "");
      const known = language !== undefined && hljs().getLanguage(language) !== undefined;
      const code = known ? highlightCode(source, language) : escapeHtml(source);
      const className = language ? `hljs language-${escapeHtml(language)}` : "hljs";
      const titleHtml = title ? `<div class="code-title">${escapeHtml(title)}</div>` : "";
      // Focusable, so a block that scrolls sideways can be scrolled from the keyboard (axe: scrollable-region-focusable).
      return `<div class="code-block">${titleHtml}<pre tabindex="0"><code class="${className}">${code}</code></pre></div>\n`;
    },
  },
};
