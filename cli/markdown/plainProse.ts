/**
 * Most doc comments are plain sentences: nothing in them that marked would turn into anything but
 * paragraphs of escaped text. A large code base has tens of thousands of them per version, so they are
 * written out here directly, exactly as marked writes them (tests/markdown/plainProse.test.ts compares
 * the two); anything else goes through marked.
 *
 * Plain means: paragraphs separated by one blank line, each line starting with a letter and ending with
 * a letter, digit or closing punctuation, and only letters, digits, spaces and punctuation that no
 * markdown rule reacts to in between. That leaves out list and heading markers, emphasis, code, links,
 * HTML, entities, escapes, hard breaks and autolinked URLs ("www." is checked apart).
 */
const PLAIN_LINE = /^\p{L}(?:[\p{L}\p{N} ,.;:?!'"()\u2013\u2014\u2018\u2019\u201c\u201d-]*[\p{L}\p{N}.,;:?!'")\u2019\u201d])?$/u;

/** The quotes are the only characters of a plain line that marked escapes. */
const QUOTE = /["']/g;
const QUOTE_ENTITY: Record<string, string> = { '"': "&quot;", "'": "&#39;" };

/** The HTML of `text` (line endings already LF) when it is plain prose; undefined when marked must render it. */
export function plainProseHtml(text: string): string | undefined {
  if (text.includes("www.")) return undefined;
  let html = "";
  for (const paragraph of text.split("\n\n")) {
    for (const line of paragraph.split("\n")) if (!PLAIN_LINE.test(line)) return undefined;
    html += `<p>${paragraph.replace(QUOTE, (quote) => QUOTE_ENTITY[quote]!)}</p>\n`;
  }
  return html;
}
