/**
 * The raw HTML rule: HTML written in markdown passes through an allow-list (sanitize-html), so a docs pull
 * request cannot put script into the site. What is not on the list is removed, and each removal is reported
 * (with its line) so that authors are not surprised:
 *
 * - elements: text and structure (p, div, span, br, hr, h1-h6, blockquote, pre, code, kbd, samp, var, sub,
 *   sup, b, strong, i, em, u, s, del, ins, mark, small, abbr, cite, dfn, q, time, ruby), lists, tables,
 *   a, img, figure, figcaption, details and summary; iframe only with an https src on IFRAME_HOSTS. An
 *   element not listed is removed and its text kept, except script, style and the like, removed whole.
 * - attributes: id, class, title, lang, dir and align anywhere, plus each element's own (a: href, name,
 *   target, rel; img: src, alt, width, height; ...). No event handlers, no style, no srcdoc.
 * - URLs (href, src, cite): http, https, mailto or relative; img may also use data: (an image cannot run
 *   script). Markdown links and images follow the same rule.
 *
 * Only raw HTML is sanitized, not whole pages: marked escapes all other text and writes only known markup.
 * The href of an `<a>` goes through the same `rewriteLink` as a markdown link, with its line: a link to a `.md`
 * file becomes the page's route, and the link checker names the line of a broken one. The src of an `<img>` is
 * kept as written (a URL relative to the page, as in Docusaurus); its line is noted for the link checker too.
 *
 * One document's raw HTML tokens are sanitized together, joined by markers in text position, so that an
 * element opened in one token and closed in another (`<details>` ... `</details>`) is seen whole; the
 * sanitized text is then split back into the tokens. A document without raw HTML costs nothing.
 */
import type SanitizeHtml from "sanitize-html";
import { loadLater } from "../util/loadLater.ts";
import type { Token, Tokens } from "marked";
import { lineAt } from "../util/json.ts";

/** Hosts an iframe may show (video players); any other iframe is removed. */
const IFRAME_HOSTS = ["www.youtube.com", "www.youtube-nocookie.com", "player.vimeo.com"];
const URL_SCHEMES = ["http", "https", "mailto"];
const IMAGE_SCHEMES = [...URL_SCHEMES, "data"];

const TEXT_TAGS = ["p", "div", "span", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "code", "kbd", "samp", "var", "sub", "sup", "b", "strong", "i", "em", "u", "s", "del", "ins", "mark", "small", "abbr", "cite", "dfn", "q", "time", "ruby", "rt", "rp", "wbr"];
const LIST_TAGS = ["ul", "ol", "li", "dl", "dt", "dd"];
const TABLE_TAGS = ["table", "caption", "colgroup", "col", "thead", "tbody", "tfoot", "tr", "th", "td"];
const ALLOWED_TAGS = new Set([...TEXT_TAGS, ...LIST_TAGS, ...TABLE_TAGS, "a", "img", "figure", "figcaption", "details", "summary", "iframe"]);
/** Removed with everything inside: their content is code, styles or markup, not text to show. */
const REMOVED_WHOLE = ["script", "style", "textarea", "option", "select", "noscript", "noembed", "noframes", "template", "title", "xmp", "svg", "math", "object"];

const ATTRIBUTES: Record<string, string[]> = {
  "*": ["id", "class", "title", "lang", "dir", "align"],
  a: ["href", "name", "target", "rel"],
  img: ["src", "alt", "width", "height"],
  iframe: ["src", "width", "height", "allowfullscreen", "loading"],
  details: ["open"],
  ol: ["start", "reversed", "type"],
  li: ["value"],
  th: ["colspan", "rowspan", "scope"],
  td: ["colspan", "rowspan"],
  col: ["span"],
  colgroup: ["span"],
  time: ["datetime"],
  blockquote: ["cite"],
  q: ["cite"],
  del: ["cite", "datetime"],
  ins: ["cite", "datetime"],
};

const sanitizeHtml = loadLater<typeof SanitizeHtml>("sanitize-html");

const POLICY: SanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: ATTRIBUTES,
  allowedSchemes: URL_SCHEMES,
  allowedSchemesByTag: { img: IMAGE_SCHEMES, iframe: ["https"] },
  allowedIframeHostnames: IFRAME_HOSTS,
  allowIframeRelativeUrls: false,
  disallowedTagsMode: "discard",
  nonTextTags: REMOVED_WHOLE,
  // No style attribute is kept, so there is nothing to parse (and parsing set-up costs more than the rest).
  parseStyleAttributes: false,
  // An iframe whose src was refused would show an empty frame: it goes whole.
  exclusiveFilter: (frame) => frame.tag === "iframe" && !frame.attribs.src,
};

/** Joins the raw HTML tokens of a document; never in the text of an author (it is removed from raw HTML first). */
const MARKER = /\uE000(\d+)\uE001/g;
const MARKER_CHARS = /[\uE000\uE001]/g;
const HAS_MARKER = /[\uE000\uE001]/;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

type RawToken = { text: string; raw: string };

/**
 * The raw HTML rule for one document: `visit` every token in document order (marked's walk) with its line,
 * then `finish` before the tokens are rendered. `report` receives each removal with its line.
 */
export class RawHtmlPass {
  private readonly raw: { token: RawToken; line: number }[] = [];
  private readonly refused: (Tokens.Link | Tokens.Image)[] = [];

  constructor(
    private readonly report?: (message: string, line: number) => void,
    private readonly rewriteLink?: (href: string, line: number) => string,
    private readonly noteUrl?: (url: string, line: number) => void,
  ) {}

  visit(token: Token, line: number): void {
    // Text marked writes unescaped (inside an inline <pre> or <script>) is raw HTML as well.
    if (token.type === "html" || (token.type === "text" && "escaped" in token && token.escaped === true)) this.raw.push({ token: token as RawToken, line });
    else if (token.type === "link" || token.type === "image") this.checkUrl(token as Tokens.Link | Tokens.Image, line);
  }

  finish(): void {
    if (this.raw.length === 0) return;
    const joined = this.raw.map(({ token }, i) => (i > 0 ? `\uE000${i - 1}\uE001` : "") + token.text.replace(MARKER_CHARS, "")).join("");
    const removals: { line: number; what: string }[] = [];
    const opened: { line: number; name: string; attribs: Record<string, string>; original: Record<string, string> }[] = [];
    const searchFrom = new Array<number>(this.raw.length).fill(0);
    /** Line of the next `<name` in the token: an HTML block spans lines. */
    const lineOf = (part: number, name: string): number => {
      const { token, line } = this.raw[part]!;
      const at = token.text.toLowerCase().indexOf(`<${name}`, searchFrom[part]);
      if (at < 0) return line;
      searchFrom[part] = at + 1;
      return line + lineAt(token.text, at) - 1;
    };
    let part = 0;
    let insideRemoved = 0;
    const clean = sanitizeHtml()(joined, {
      ...POLICY,
      onOpenTag: (name, attribs) => {
        if (insideRemoved > 0) {
          insideRemoved++;
          return;
        }
        // A tag cut off at the end of one token swallows the marker: keep it out of the attributes kept.
        for (const [key, value] of Object.entries(attribs)) {
          if (HAS_MARKER.test(key)) delete attribs[key];
          else if (HAS_MARKER.test(value)) attribs[key] = value.replace(MARKER, "");
        }
        if (REMOVED_WHOLE.includes(name)) insideRemoved = 1;
        const line = lineOf(part, name);
        if (name === "a" && attribs.href !== undefined && this.rewriteLink) attribs.href = this.rewriteLink(attribs.href, line);
        else if (name === "img" && attribs.src !== undefined) this.noteUrl?.(attribs.src, line);
        opened.push({ line, name, attribs, original: { ...attribs } });
      },
      onCloseTag: () => {
        if (insideRemoved > 0) insideRemoved--;
      },
      textFilter: (text) => {
        for (const match of text.matchAll(MARKER)) part = Number(match[1]) + 1;
        return text;
      },
    });
    for (const tag of opened) {
      if (!ALLOWED_TAGS.has(tag.name)) removals.push({ line: tag.line, what: `<${tag.name}>${REMOVED_WHOLE.includes(tag.name) ? " and its content" : ""}, which is not on the allow-list` });
      else if (tag.name === "iframe" && !tag.attribs.src) removals.push({ line: tag.line, what: `<iframe>: only https frames from ${IFRAME_HOSTS.join(", ")} are kept` });
      else {
        for (const [name, value] of Object.entries(tag.original).filter(([n]) => !(n in tag.attribs))) {
          const what = ATTRIBUTES["*"]!.includes(name) || ATTRIBUTES[tag.name]?.includes(name) ? `${name}="${value.slice(0, 60)}" of <${tag.name}>: URLs may be http, https, mailto or relative` : `the ${name} attribute of <${tag.name}>, which is not on the allow-list`;
          removals.push({ line: tag.line, what });
        }
      }
    }
    this.splitBack(clean);
    for (const { line, what } of removals) this.report?.(`raw HTML: removed ${what} (the rule is in the README, "Raw HTML")`, line);
  }

  /** Gives each token its part of the sanitized text; a part whose marker was removed joins the one before. */
  private splitBack(clean: string): void {
    const parts = new Array<string>(this.raw.length).fill("");
    let current = 0;
    let from = 0;
    for (const match of clean.matchAll(MARKER)) {
      parts[current] += clean.slice(from, match.index);
      current = Number(match[1]) + 1;
      from = match.index + match[0].length;
    }
    parts[current] += clean.slice(from);
    this.raw.forEach(({ token }, i) => (token.text = parts[i]!));
  }

  /** A markdown link or image to a URL outside the rule is reported, and made text by `refuseUrls`. */
  private checkUrl(token: Tokens.Link | Tokens.Image, line: number): void {
    if (urlAllowed(token.href, token.type)) return;
    this.report?.(`removed the ${token.type} to "${token.href.slice(0, 60)}": URLs may be http, https, mailto or relative${token.type === "image" ? " (or data: for images)" : ""} (the rule is in the README, "Raw HTML")`, line);
    this.refused.push(token);
  }

  /**
   * Makes the links and images whose URL is outside the rule text: a link shows its content, an image its alt
   * text. Done for the HTML after the twin is made, which drops them from its source text (twin.ts).
   */
  refuseUrls(): void {
    for (const token of this.refused.splice(0)) Object.assign(token, token.type === "image" ? { type: "text", tokens: undefined } : { type: "text" });
  }
}

/**
 * Whether a link's (or an image's) URL is within the rule. `api:` links are carta-docs' own: the link rewriter
 * turns them into routes, and one it cannot resolve is a broken-link error, so none reaches a page as written.
 */
export function urlAllowed(href: string, kind: "link" | "image"): boolean {
  const scheme = SCHEME.exec(href.replace(/[\u0000-\u0020]/g, ""))?.[1]?.toLowerCase();
  return scheme === undefined || (kind === "link" && scheme === "api") || (kind === "image" ? IMAGE_SCHEMES : URL_SCHEMES).includes(scheme);
}
