/**
 * Text from the site's fields (titles, the tagline, labels, descriptions, names) as it goes into a markdown twin
 * or an llms file, which hold no HTML: a tool that renders markdown would run HTML written there. Tags are removed
 * with their attribute values (an `onerror="..."` leaves no text behind), scripts and styles with their code; any other `<` or `&` that could start
 * markup is escaped, so a generic name like `Map<K, V>` reads as written.
 */

/** A script or style element with its content: its text is code, never the field's words. */
const CODE_ELEMENT = /<(script|style)\b(?:[^"'>]|"[^"]*"|'[^']*')*>[\s\S]*?(?:<\/\1\s*>|$)/gi;
/** A tag (with quoted or bare attribute values), a comment, a declaration or a processing instruction. */
const MARKUP = /<!--[\s\S]*?-->|<[!?][^>]*>|<\/?[A-Za-z][A-Za-z0-9-]*(?=[\s/>])(?:[^"'>]|"[^"]*"|'[^']*')*>/g;

/** `text` with no markup: tags removed, what could still start markup escaped for markdown. */
export function twinText(text: string): string {
  return text.replace(CODE_ELEMENT, "").replace(MARKUP, "").replace(/<(?=[A-Za-z/!?])|&(?=#?\w+;)/g, (char) => `\\${char}`);
}

/** A URL as a twin's link target: characters that would end it or start markup, percent-encoded. */
export function twinUrl(url: string): string {
  return url.replace(/[\s<>()"'`\\]/g, (char) => encodeURIComponent(char).replace(/[()'`]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`));
}
