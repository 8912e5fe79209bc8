/**
 * Fenced code is highlighted here, at build time, so the site ships no highlighting script.
 * A language highlight.js does not know (or none) gives escaped plain text.
 */
import { createRequire } from "node:module";
import type { HLJSApi, LanguageFn } from "highlight.js";
import type { MarkedExtension } from "marked";
import { parseFenceInfo } from "./codeTitles.ts";
import { linkCode, type LinkedCode } from "./codeLinks.ts";
import { escapeHtml } from "./html.ts";
import { loadLater } from "../util/loadLater.ts";

const require = createRequire(import.meta.url);

/**
 * highlight.js without its languages: each is registered when a block first names it (all 190 cost 0.15 s to
 * load, a few 0.01 s), from its own file, named by the language or by one of these aliases.
 */
const hljs = loadLater<HLJSApi>("highlight.js/lib/core");
/** highlight.js's index: registers every language, with all their aliases, into the same core. */
const everyLanguage = loadLater<HLJSApi>("highlight.js");

/** The aliases docs use most, by the language file that defines them (a test checks them against highlight.js). */
export const COMMON_ALIASES: Readonly<Record<string, string>> = {
  ts: "typescript",
  tsx: "typescript",
  mts: "typescript",
  js: "javascript",
  jsx: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  sh: "bash",
  zsh: "bash",
  console: "shell",
  shellsession: "shell",
  yml: "yaml",
  md: "markdown",
  html: "xml",
  svg: "xml",
  py: "python",
  text: "plaintext",
  txt: "plaintext",
  jsonc: "json",
};

/** Set once every language is registered: a name unknown then is no language, and no file is looked for again. */
let everyLanguageRegistered = false;

/** Whether highlight.js knows `name`, registering its language first if need be. */
function knownLanguage(name: string): boolean {
  const core = hljs();
  if (core.getLanguage(name)) return true;
  if (everyLanguageRegistered) return false;
  const file = COMMON_ALIASES[name.toLowerCase()] ?? name.toLowerCase();
  if (/^[a-z0-9]+$/.test(file)) {
    try {
      core.registerLanguage(file, require(`highlight.js/lib/languages/${file}`) as LanguageFn);
      if (core.getLanguage(name)) return true;
    } catch {
      // No language file of that name: one of the rarer aliases, or no language at all.
    }
  }
  everyLanguage();
  everyLanguageRegistered = true;
  return core.getLanguage(name) !== undefined;
}

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
    code(token) {
      const { text, lang } = token;
      const { language, title } = parseFenceInfo(lang);
      // Indented blocks keep their last newline; a <pre> would show it as an empty line.
      const source = text.replace(/\n+$/, "");
      const known = language !== undefined && knownLanguage(language);
      const highlightedCode = known ? highlightCode(source, language) : escapeHtml(source);
      const linked = (token as LinkedCode).codeLinks;
      const code = linked ? linkCode(highlightedCode, source, linked.links, linked.idPrefix) : highlightedCode;
      const className = language ? `hljs language-${escapeHtml(language)}` : "hljs";
      const titleHtml = title ? `<div class="code-title">${escapeHtml(title)}</div>` : "";
      // Focusable, so a block that scrolls sideways can be scrolled from the keyboard (axe: scrollable-region-focusable).
      return `<div class="code-block">${titleHtml}<pre tabindex="0"><code class="${className}">${code}</code></pre></div>\n`;
    },
  },
};
