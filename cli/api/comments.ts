/**
 * TypeDoc comments (either JSON shape) to markdown, with `{@link}` turned into `api:` links so they go
 * through the site's link resolution and checking like any other link.
 */
import type { ApiComment } from "./model.ts";
import type { RawComment, RawCommentPart } from "./typedocJson.ts";

export interface LinkResolver {
  /** `api:` href of a reflection id, when it is documented in this version. */
  byId(id: number): string | undefined;
  /** `api:` href of a name as written in a 0.2x comment (`Name`, `Name.member`), when unambiguous. */
  byName(name: string): string | undefined;
}

/** Tags whose content TypeDoc moves onto parameters, or that need no output. */
const DROPPED_TAGS = new Set(["param", "typeparam", "template", "inheritdoc", "internal", "private", "hidden"]);

export function convertComment(raw: RawComment | undefined, links: LinkResolver): ApiComment | undefined {
  if (!raw) return undefined;
  const comment: ApiComment = { summary: "", examples: [], see: [], blockTags: [], modifiers: [] };
  const isLegacy = raw.summary === undefined && raw.blockTags === undefined;
  if (isLegacy) {
    comment.summary = [raw.shortText, raw.text]
      .map((text) => legacyText(text ?? "", links))
      .filter((text) => text !== "")
      .join("\n\n");
    if (raw.returns !== undefined) comment.returns = legacyText(raw.returns, links);
    for (const tag of raw.tags ?? []) addBlockTag(comment, tag.tag, legacyText(tag.text ?? "", links));
  } else {
    comment.summary = partsToMarkdown(raw.summary ?? [], links);
    for (const tag of raw.blockTags ?? []) addBlockTag(comment, tag.tag, partsToMarkdown(tag.content, links));
    comment.modifiers = (raw.modifierTags ?? []).map(withoutAt);
  }
  return comment;
}

/** First paragraph of a comment's summary, on one line. */
export function summaryLine(comment: ApiComment | undefined): string {
  const first = comment?.summary.split(/\n\s*\n/).find((paragraph) => paragraph.trim() !== "") ?? "";
  return first.trim().replace(/\s*\n\s*/g, " ");
}

function addBlockTag(comment: ApiComment, rawTag: string, markdown: string): void {
  const tag = withoutAt(rawTag);
  switch (tag.toLowerCase()) {
    case "remarks":
      comment.remarks = markdown;
      break;
    case "returns":
    case "return":
      comment.returns = markdown;
      break;
    case "example":
      // TypeDoc treats an example without a fence as code; older releases left that to the theme.
      comment.examples.push(markdown.includes("```") ? markdown : `\`\`\`ts\n${markdown}\n\`\`\``);
      break;
    case "deprecated":
      comment.deprecated = markdown;
      break;
    case "see":
      comment.see.push(markdown);
      break;
    default:
      if (!DROPPED_TAGS.has(tag.toLowerCase())) comment.blockTags.push({ tag, markdown });
  }
}

function withoutAt(tag: string): string {
  return tag.startsWith("@") ? tag.slice(1) : tag;
}

function partsToMarkdown(parts: RawCommentPart[], links: LinkResolver): string {
  const markdown = parts
    .map((part) => {
      if (part.kind !== "inline-tag") return part.text;
      if (!part.tag?.startsWith("@link")) return part.text;
      const href =
        typeof part.target === "number"
          ? links.byId(part.target)
          : typeof part.target === "string"
            ? part.target
            : undefined;
      return inlineLink(part.tag, part.text, href);
    })
    .join("");
  return markdown.trim();
}

/** `{@link X}`, `{@link X | text}`, `{@link X text}` in the raw comment text of TypeDoc 0.2x. */
const LEGACY_LINK = /\{@(link|linkcode|linkplain)\s+([^\s|}]+)\s*(?:\|\s*)?([^}]*)\}/g;

function legacyText(text: string, links: LinkResolver): string {
  return text
    .replace(LEGACY_LINK, (_match, tag: string, target: string, label: string) => {
      const href = /^[a-z][a-z0-9+.-]*:/i.test(target) ? target : links.byName(target);
      return inlineLink(`@${tag}`, label.trim() || target, href);
    })
    .trim();
}

function inlineLink(tag: string, text: string, href: string | undefined): string {
  const label = tag === "@linkcode" ? `\`${text}\`` : text.replace(/[[\]]/g, "\\$&");
  if (href === undefined) return tag === "@linkcode" ? label : text;
  return `[${label}](${href})`;
}
