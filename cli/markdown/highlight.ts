/**
 * Fenced code is highlighted here, at build time, so the site ships no highlighting script.
 * A language highlight.js does not know (or none) gives escaped plain text.
 */
import hljs from "highlight.js";
import type { MarkedExtension } from "marked";
import { parseFenceInfo } from "./codeTitles.ts";
import { escapeHtml } from "./html.ts";

export const highlight: MarkedExtension = {
  renderer: {
    code({ text, lang }) {
      const { language, title } = parseFenceInfo(lang);
      // Indented blocks keep their last newline; a <pre> would show it as an empty line.
      const source = text.replace(/\n+$/, "");
      const known = language !== undefined && hljs.getLanguage(language) !== undefined;
      const code = known ? hljs.highlight(source, { language, ignoreIllegals: true }).value : escapeHtml(source);
      const className = language ? `hljs language-${escapeHtml(language)}` : "hljs";
      const titleHtml = title ? `<div class="code-title">${escapeHtml(title)}</div>` : "";
      return `<div class="code-block">${titleHtml}<pre><code class="${className}">${code}</code></pre></div>\n`;
    },
  },
};
