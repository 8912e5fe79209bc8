/** The contract between the markdown stage and the rest of the pipeline. */
import type { CodeLinks } from "./codeLinks.ts";

export interface Heading {
  /** 1 to 6. */
  depth: number;
  /** Plain text of the heading (no markup). */
  text: string;
  /** Unique id on the page: a GitHub-style slug, or the author's `{#custom-id}`. */
  id: string;
}

export interface MarkdownOptions {
  /**
   * Called for every link href found in the markdown (links, reference links and raw HTML `<a>`, not images).
   * Returns the href to write into the HTML. `line` is 1-based in the original file
   * (the caller passes `lineOffset` so lines count from the top of the file, front matter included).
   */
  rewriteLink?: (href: string, line: number) => string;
  /** Called for every image src; returns the URL to write (e.g. a hashed asset path). */
  rewriteImage?: (src: string, line: number) => string;
  /** Called for a URL written into the HTML as it is (a raw `<img>`'s src), with its line, for the link check to name. */
  noteUrl?: (url: string, line: number) => void;
  /** Called for each thing the raw HTML rule removed (an element, an attribute, a link's URL), with its line. */
  reportRemovedHtml?: (message: string, line: number) => void;
  /** Called when lines nest deeper than the limit and are left out (see nesting.ts), with the first one's line. */
  reportTooDeep?: (message: string, line: number) => void;
  /** Called for each other problem of the markdown an author should hear about (an unclosed admonition, ...), with its line. */
  warn?: (code: string, message: string, line: number) => void;
  /**
   * Keeps the first h1 in `html` (`title` is still its text, and the twin still leaves it out): a doc whose front
   * matter has a title shows its own heading, as in Docusaurus.
   */
  keepTitle?: boolean;
  /** Lines that precede the markdown body in its file (front matter), added to reported lines. */
  lineOffset?: number;
  /**
   * Asks for the document's markdown twin too (MarkdownResult.markdown): the URL each link and image
   * of the twin gets, given the href the HTML got (see twin.ts).
   */
  twinUrl?: (href: string) => string;
  /** Names to link in the code blocks, by each block's code (what the snippet check resolved; see codeLinks.ts). */
  codeLinks?: readonly CodeLinks[];
  /** Where inline code naming API leads, given the code and the text of the heading it comes under; undefined: nowhere. */
  inlineCode?: (code: string, heading: string | undefined) => string | undefined;
}

export interface MarkdownResult {
  html: string;
  /** Every heading of the page in document order (the first h1 included). */
  headings: Heading[];
  /** Text of the first h1, when the document starts with one (it is then removed from `html`, unless `keepTitle`). */
  title?: string;
  /** The markdown twin of the document (without that h1), when `twinUrl` was given. */
  markdown?: string;
}
