/**
 * Resolves what follows `api:` in a link, by symbol (`AppStore`, `AppStore#openFile`, `AppStore.openFile`)
 * or by path (`/.-stores/class/AppStore#openFile`), to a page of the version's API and an anchor.
 */
import { allItems, itemLocation, type ApiItem, type ApiVersionModel, type SourcePlace } from "./model.ts";
import { nearest } from "../util/nearest.ts";

export type ApiLinkResolution = { path: string; anchor?: string } | { error: string; candidates: string[] };

/**
 * Everything of `model` that resolveApiLink reads, as plain data: two models with equal indexes resolve every link
 * alike (a comment edited elsewhere in the code base changes no page's links).
 */
export function linkIndexOf(model: ApiVersionModel): unknown {
  const items = allItems(model).map((item) => [item.name, item.path, item.anchor ?? null, item.members.map((member) => member.anchor)]);
  return [model.version, model.unparsed ?? null, model.areas.map((area) => area.slug), model.changelog !== undefined, items];
}

export function resolveApiLink(model: ApiVersionModel, target: string): ApiLinkResolution {
  const resolved = target.startsWith("/") ? resolvePath(model, target) : resolveSymbol(model, target);
  return "error" in resolved && model.unparsed ? { ...resolved, error: `${resolved.error} (${unparsedNote(model.unparsed)})` } : resolved;
}

/**
 * Why an item may be missing where the source does not parse: the link is not at fault then, and the message
 * names the file to fix.
 */
function unparsedNote(unparsed: SourcePlace[]): string {
  const places = unparsed.slice(0, 3).map(({ file, line }) => `${file}:${line}`);
  const more = unparsed.length > places.length ? ` and ${unparsed.length - places.length} more` : "";
  return `the source does not parse at ${places.join(", ")}${more}, which may have dropped it; see the api-syntax warning`;
}

function resolveSymbol(model: ApiVersionModel, target: string): ApiLinkResolution {
  const separator = target.search(/[#.]/);
  const name = separator < 0 ? target : target.slice(0, separator);
  const member = separator < 0 ? undefined : target.slice(separator + 1);
  const items = allItems(model);
  const found = items.filter((item) => item.name === name);
  if (found.length === 0) {
    return {
      error: `API ${model.version} has no item named "${name}"`,
      candidates: nearest(name, items.map((item) => item.name), 5),
    };
  }
  if (found.length > 1) {
    const paths = found.map((item) => `/${itemLocation(item)}`);
    return { error: `"${name}" is ambiguous in API ${model.version}: ${paths.join(", ")}; link by path`, candidates: paths };
  }
  const item = found[0]!;
  if (member === undefined) return at(item.path, item.anchor);
  return memberOf(model, item, member);
}

function memberOf(model: ApiVersionModel, item: ApiItem, member: string): ApiLinkResolution {
  if (item.members.some((candidate) => candidate.anchor === member)) return at(item.path, member);
  const members = item.members.map((candidate) => candidate.anchor);
  return {
    error: `${item.name} in API ${model.version} has no member "${member}"${members.length ? "" : " (it has no members)"}`,
    candidates: nearest(member, members, 5),
  };
}

function resolvePath(model: ApiVersionModel, target: string): ApiLinkResolution {
  const hash = target.indexOf("#");
  const path = (hash < 0 ? target : target.slice(0, hash)).replace(/^\/+|\/+$/g, "");
  const anchor = hash < 0 ? undefined : target.slice(hash + 1);
  const items = allItems(model);

  const page = items.find((item) => item.anchor === undefined && item.path === path);
  if (page) return anchor === undefined ? at(path) : memberOf(model, page, anchor);

  // The landing page and area pages hold the items that have no page of their own.
  const isLanding = path === "";
  const area = model.areas.find((candidate) => candidate.slug === path);
  if (isLanding || area) {
    if (anchor === undefined) return at(path);
    const onPage = items.filter((item) => item.path === path && item.anchor !== undefined);
    if (onPage.some((item) => item.anchor === anchor)) return at(path, anchor);
    return {
      error: `/${path} in API ${model.version} has no item "${anchor}"`,
      candidates: nearest(anchor, onPage.map((item) => item.anchor!), 5),
    };
  }
  // Changelog headings are rendered later; the site's link checker verifies the anchor.
  if (path === "changelog" && model.changelog) return at(path, anchor);

  const pages = [...model.areas.map((candidate) => candidate.slug), ...items.map((item) => item.path)];
  return {
    error: `API ${model.version} has no page /${path}`,
    candidates: nearest(path, pages, 5).map((candidate) => `/${candidate}`),
  };
}

function at(path: string, anchor?: string): ApiLinkResolution {
  return anchor === undefined ? { path } : { path, anchor };
}
