/**
 * Rendered HTML to the text a reader sees, for search: a block element's edges separate words, an inline
 * element's edges do not. Highlighted code is a run of inline <span>s, so `app.openFile("x")` reads as
 * written rather than `app. openFile ( "x" )`.
 */
import { decodeEntities } from "../markdown/html.ts";

/** Elements whose edges break the text (a line or a cell of their own); every other tag is inline. */
const BLOCK = new Set(
  "address article aside blockquote br caption dd details div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table tbody td tfoot th thead tr ul".split(" "),
);

/**
 * Parts of a page that are not its text: scripts and styles, heading anchors ("#"), buttons (copy), the signatures shown on hover over names in code, the
 * table headers repeated by every parameter table, and an API member's "Defined in src/…" and "Inherited
 * from …" lines (links to elsewhere, repeated by thousands of members).
 */
const LEFT_OUT = [
  /<(script|style|button|thead)\b[\s\S]*?<\/\1>/g,
  /<a class="hash-link"[\s\S]*?<\/a>/g,
  /<span class="api-ref-tip"[\s\S]*?<\/span>/g,
  /<p class="api-(?:sources|relation)">[\s\S]*?<\/p>/g,
  /<!--[\s\S]*?-->/g,
];

/**
 * A tag: its name runs on over word characters and hyphens and ends at a word boundary (trailing hyphens are
 * not its name). BLOCK_TAG is such a tag whose name, in any case, is a block element's. Two replacements
 * without a callback: one with a callback per tag (to look its name up) took twice as long, 0.15 s of the
 * real viewer's cold build.
 */
const BLOCK_TAG = new RegExp(`</?(?:${[...BLOCK].join("|")})-*(?![\\w-])[^>]*>`, "gi");
const TAG = /<\/?[a-zA-Z][\w-]*\b[^>]*>/g;

export function htmlText(html: string): string {
  let kept = html;
  for (const pattern of LEFT_OUT) kept = kept.replace(pattern, " ");
  const flat = kept.replace(BLOCK_TAG, " ").replace(TAG, "");
  return decodeEntities(flat).replace(/\s+/g, " ").trim();
}
