/** Small HTML text helpers, shared by the markdown features and the site stages that read rendered HTML. */

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for use in HTML content or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

// Enough named references for heading text and for spotting disguised `javascript:` URLs;
// other names are left as written. Names are case-sensitive in HTML.
const NAMED = new Map<string, string>([
  ["amp", "&"],
  ["AMP", "&"],
  ["lt", "<"],
  ["LT", "<"],
  ["gt", ">"],
  ["GT", ">"],
  ["quot", '"'],
  ["QUOT", '"'],
  ["apos", "'"],
  ["nbsp", "\u00a0"],
  ["colon", ":"],
  ["Tab", "\t"],
  ["NewLine", "\n"],
]);

/** Decodes numeric character references and the common named ones. */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(?:#(\d+)|#x([\da-f]+)|([a-z]+));?/gi, (match, dec?: string, hex?: string, name?: string) => {
    if (name !== undefined) return NAMED.get(name) ?? match;
    const codePoint = dec !== undefined ? Number(dec) : parseInt(hex ?? "", 16);
    return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : "\ufffd";
  });
}
