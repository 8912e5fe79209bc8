/**
 * The raw HTML rule (see index.ts), applied to a rendered document: `<script>` elements,
 * `on*` event-handler attributes and `javascript:` URLs are removed, everything else is kept.
 *
 * It runs on the final HTML because by then the only markup that can carry these is the author's:
 * marked and highlight.js escape all text, including code, and write only known attributes.
 */
import { decodeEntities } from "./html.ts";

// An unclosed script swallows the rest of the page in a browser too, so it is removed to the end.
const SCRIPT_ELEMENT = /<script\b[\s\S]*?(?:<\/script\s*>|$)/gi;
/** A start tag; quoted attribute values may contain `>`. */
const START_TAG = /<([a-z][^\s/>]*)((?:"[^"]*"|'[^']*'|[^"'>])*)>/gi;
const ATTRIBUTE = /\s*([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
/** Cheap test that lets most tags through untouched. */
const MAYBE_UNSAFE = /[\s/"']on|script|&/i;

export function removeUnsafeHtml(html: string): string {
  return html.replace(SCRIPT_ELEMENT, "").replace(START_TAG, (tag, name: string, attributes: string) => {
    if (!MAYBE_UNSAFE.test(attributes)) return tag;
    const safe = attributes.replace(ATTRIBUTE, (attribute, attributeName: string, ...values: unknown[]) => {
      const value = [values[0], values[1], values[2]].find((v): v is string => typeof v === "string");
      return /^on/i.test(attributeName) || (value !== undefined && isScriptUrl(value)) ? "" : attribute;
    });
    return `<${name}${safe}>`;
  });
}

/** True for `javascript:` URLs, also when disguised with entities, case, spaces or control characters as browsers allow. */
function isScriptUrl(url: string): boolean {
  return /^javascript:/i.test(decodeEntities(url).replace(/[\u0000-\u0020]/g, ""));
}
