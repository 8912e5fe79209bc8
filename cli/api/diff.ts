/**
 * What changed in the API between two versions' models: items and members added, removed and changed, as
 * plain data (JSON-safe, so it crosses threads and prints as `api-diff --format json`). Items are matched by
 * qualified name (area, kind and name), then by area and name (a changed kind), then by name alone across
 * areas when that name is unique on both sides: a moved item, not a removal plus an addition. Members are
 * matched by name within their item; inherited members are left out (a change shows on the declaring item).
 */
import { allItems, compareNames, itemLocation, type ApiItem, type ApiKind, type ApiMember, type ApiMemberKind, type ApiSignature, type ApiVersionModel } from "./model.ts";
import { declarationTokens, signatureTokens, tokensToText, typeToText } from "./typeText.ts";
import { escapeRegExp } from "../util/regExp.ts";

/** What about a changed item or member differs. */
export type ApiChangeAspect = "kind" | "signature" | "parameters" | "returns" | "type" | "deprecated" | "undeprecated";

export interface ApiItemSide {
  name: string;
  kind: ApiKind;
  /** Area slug ("" for the viewer's index file). */
  area: string;
  areaTitle: string;
  /** Where the item is documented in its version (see `itemLocation`). */
  location: string;
  /** The declaration as TypeScript text (functions: one line per overload). */
  text: string;
  deprecated: boolean;
}

export interface ApiMemberSide {
  name: string;
  kind: ApiMemberKind;
  /** Where the member is documented in its version: the item's page and the member's anchor. */
  location: string;
  /** The member as TypeScript text (one line per signature). */
  text: string;
  deprecated: boolean;
}

/**
 * Where a link to a member leads: its own anchor, except for an item documented on its area's page (a type
 * alias, a variable), whose members have no anchors of their own there: then the item's.
 */
export function memberLink(item: ApiItemSide | undefined, member: ApiMemberSide): string {
  return item?.location.includes("#") ? item.location : member.location;
}

export interface ApiMemberChange {
  /** "renamed": a member removed and one added in its item with the same declaration but for the name (`before.name` is the old one). */
  change: "added" | "removed" | "changed" | "renamed";
  /** The newer name (the older one of a removal). */
  name: string;
  before?: ApiMemberSide;
  after?: ApiMemberSide;
  /** For "changed" and "renamed": what differs besides the name. */
  aspects: ApiChangeAspect[];
}

export interface ApiItemChange {
  /** "moved": same name, another area (it may have changed as well: see `aspects` and `members`). */
  change: "added" | "removed" | "changed" | "moved";
  name: string;
  before?: ApiItemSide;
  after?: ApiItemSide;
  /** What differs in the item's own declaration. */
  aspects: ApiChangeAspect[];
  /** Changed members of an item found in both versions. */
  members: ApiMemberChange[];
}

export interface ApiDiff {
  /** The two models' version names. */
  from: string;
  to: string;
  /** Sorted by area (the newer version's order) and name; items that did not change are left out. */
  items: ApiItemChange[];
}

export interface ApiDiffCounts {
  items: Record<ApiItemChange["change"], number>;
  members: Record<ApiMemberChange["change"], number>;
}

/** The changes from `before` to `after`. Pure: the models are only read. */
export function diffApi(before: ApiVersionModel, after: ApiVersionModel): ApiDiff {
  const older = sidesOf(before);
  const newer = sidesOf(after);
  const pairs = matchItems(older, newer);
  const items: ApiItemChange[] = [];
  const matchedOld = new Set<Side>();
  const matchedNew = new Set<Side>();
  for (const [a, b] of pairs) {
    matchedOld.add(a);
    matchedNew.add(b);
    const aspects = changedAspects(a.item, b.item, a.side.text, b.side.text);
    const members = diffMembers(a.item, b.item);
    const moved = a.side.area !== b.side.area;
    if (moved || aspects.length > 0 || members.length > 0) {
      items.push({ change: moved ? "moved" : "changed", name: b.side.name, before: a.side, after: b.side, aspects, members });
    }
  }
  for (const a of older) if (!matchedOld.has(a)) items.push({ change: "removed", name: a.side.name, before: a.side, aspects: [], members: [] });
  for (const b of newer) if (!matchedNew.has(b)) items.push({ change: "added", name: b.side.name, after: b.side, aspects: [], members: [] });

  const areaOrder = new Map([...after.areas, ...before.areas].map((area, i) => [area.slug, i] as const).reverse());
  const order = (change: ApiItemChange) => areaOrder.get((change.after ?? change.before)!.area) ?? areaOrder.size;
  items.sort((x, y) => order(x) - order(y) || compareNames(x.name, y.name) || compareNames(x.change, y.change));
  return { from: before.version, to: after.version, items };
}

export function countChanges(diff: ApiDiff): ApiDiffCounts {
  const counts: ApiDiffCounts = { items: { added: 0, removed: 0, changed: 0, moved: 0 }, members: { added: 0, removed: 0, renamed: 0, changed: 0 } };
  for (const item of diff.items) {
    counts.items[item.change]++;
    for (const member of item.members) counts.members[member.change]++;
  }
  return counts;
}

/** Whether a changed item's or member's text differs, so that its text before and after is worth showing. */
export function textChanged(aspects: readonly ApiChangeAspect[]): boolean {
  return aspects.includes("signature") || aspects.includes("kind");
}

interface Side {
  item: ApiItem;
  side: ApiItemSide;
}

function sidesOf(model: ApiVersionModel): Side[] {
  const titles = new Map(model.areas.map((area) => [area.slug, area.title]));
  return allItems(model).map((item) => ({
    item,
    side: {
      name: item.name,
      kind: item.kind,
      area: item.area,
      areaTitle: titles.get(item.area) ?? "Other exports",
      location: itemLocation(item),
      text: itemText(item),
      deprecated: item.flags.includes("deprecated"),
    },
  }));
}

/**
 * Pairs of the same item in both versions, in three passes, each over what the earlier ones left: same area,
 * kind and name; same area and name (the kind changed); same name, unique on both sides (moved).
 */
function matchItems(older: Side[], newer: Side[]): [Side, Side][] {
  const pairs: [Side, Side][] = [];
  let restOld = older;
  let restNew = newer;
  const passes: ((s: Side) => string)[] = [(s) => `${s.side.area}\0${s.side.kind}\0${s.side.name}`, (s) => `${s.side.area}\0${s.side.name}`, (s) => s.side.name];
  for (const key of passes) {
    const oldByKey = uniqueBy(restOld, key);
    const newByKey = uniqueBy(restNew, key);
    const paired = new Set<Side>();
    for (const [k, a] of oldByKey) {
      const b = newByKey.get(k);
      if (!b) continue;
      pairs.push([a, b]);
      paired.add(a).add(b);
    }
    restOld = restOld.filter((s) => !paired.has(s));
    restNew = restNew.filter((s) => !paired.has(s));
  }
  return pairs;
}

/** Sides by key, leaving out keys that more than one side has: those cannot be paired by that key. */
function uniqueBy(sides: Side[], key: (s: Side) => string): Map<string, Side> {
  const found = new Map<string, Side | null>();
  for (const s of sides) {
    const k = key(s);
    found.set(k, found.has(k) ? null : s);
  }
  return new Map([...found].filter((entry): entry is [string, Side] => entry[1] !== null));
}

/**
 * Hot paths (every member of every item) declare no local named closures: the tsx loader's keepNames wraps
 * each in a call that costs more than the closure's work.
 */
function ownMembers(item: ApiItem): Map<string, ApiMember> {
  const members = new Map<string, ApiMember>();
  for (const member of item.members) if (!member.inheritedFrom) members.set(member.anchor, member);
  return members;
}

/** Whether the items' own members are the same members in the same order, none changed: most items of a release. */
function sameMembers(before: ApiItem, after: ApiItem): boolean {
  const [x, y] = [before.members, after.members];
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) {
    const a = x[i]!;
    const b = y[i]!;
    if (a.anchor !== b.anchor || !a.inheritedFrom !== !b.inheritedFrom) return false;
    if (!a.inheritedFrom && !sameShape(a, b)) return false;
  }
  return true;
}

function diffMembers(before: ApiItem, after: ApiItem): ApiMemberChange[] {
  if (sameMembers(before, after)) return [];
  const older = ownMembers(before);
  const newer = ownMembers(after);
  const changes: ApiMemberChange[] = [];
  // Most members of most items did not change: their texts are compared, and sides made only for changes.
  for (const [anchor, a] of older) {
    const b = newer.get(anchor);
    if (!b) {
      changes.push({ change: "removed", name: a.name, before: memberSide(before, a, memberText(a)), aspects: [] });
      continue;
    }
    if (sameShape(a, b)) continue;
    const [was, now] = [memberText(a), memberText(b)];
    const aspects = changedAspects(a, b, was, now);
    // What differs is nothing a reader sees: same kind, same text, same deprecation.
    if (aspects.length === 0) continue;
    changes.push({ change: "changed", name: b.name, before: memberSide(before, a, was), after: memberSide(after, b, now), aspects });
  }
  for (const [anchor, b] of newer) if (!older.has(anchor)) changes.push({ change: "added", name: b.name, after: memberSide(after, b, memberText(b)), aspects: [] });
  if (changes.length < 2) return changes;
  pairRenames(changes);
  // In the newer item's member order, removed members where they stood in the older one.
  const position = new Map([...after.members, ...before.members].map((m, i) => [m.anchor, i] as const).reverse());
  return changes.sort((x, y) => position.get(x.name)! - position.get(y.name)!);
}

/**
 * What a member's declaration is but for its name: a removed and an added member of one item with the same key are
 * the same member renamed (parameter names count, so `setActiveFrameById(fileId: number)` pairs with
 * `setActiveImageByFileId(fileId: number)` and not with `setActiveImageByIndex(index: number)`).
 */
export function renameKey(side: ApiMemberSide): string {
  // The name as a whole word: `read` is not taken out of `readonly read: string`'s keyword.
  const name = new RegExp(`(?<![\\w$])${escapeRegExp(side.name)}(?![\\w$])`);
  const unnamed = side.text.split("\n").map((line) => line.replace(name, ""));
  return `${side.kind}\0${side.deprecated}\0${unnamed.join("\n")}`;
}

/** The renamed member made of a removal and an addition. */
export function renamed(removal: ApiMemberChange, addition: ApiMemberChange): ApiMemberChange {
  return { change: "renamed", name: addition.name, before: removal.before!, after: addition.after!, aspects: [] };
}

/**
 * Replaces, in place, each removal and addition whose rename key only they share by one "renamed" change (at the
 * addition's place). Keys shared by several removals or additions stay as they are: only the tutorials' uses
 * can tell those apart (see cli/pages/apiUsage.ts).
 */
function pairRenames(changes: ApiMemberChange[]): void {
  const removals = new Map<string, number[]>();
  const additions = new Map<string, number[]>();
  changes.forEach((change, i) => {
    const side = change.change === "removed" ? change.before : change.change === "added" ? change.after : undefined;
    if (!side) return;
    const byKey = change.change === "removed" ? removals : additions;
    const key = renameKey(side);
    byKey.set(key, [...(byKey.get(key) ?? []), i]);
  });
  const dropped = new Set<number>();
  for (const [key, [removal, ...moreRemovals]] of removals) {
    const [addition, ...moreAdditions] = additions.get(key) ?? [];
    if (removal === undefined || addition === undefined || moreRemovals.length > 0 || moreAdditions.length > 0) continue;
    changes[addition] = renamed(changes[removal]!, changes[addition]!);
    dropped.add(removal);
  }
  for (const i of [...dropped].sort((a, b) => b - a)) changes.splice(i, 1);
}

/** What a member's text and flags do not show, so `sameShape` need not compare it. */
const NOT_SHOWN = new Set(["comment", "summary", "description", "sources", "target", "defaultValue", "inheritedFrom", "overwrites", "implementationOf"]);

/**
 * Whether two members (or parts of them) are the same in all that their texts and flags show: a deep
 * comparison that allocates nothing. Most members of a code base did not change between two versions,
 * and writing the text of each costs several times more; a member this calls different is compared by text.
 */
function sameShape(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameShape(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  for (const key in x) if (!NOT_SHOWN.has(key) && !sameShape(x[key], y[key])) return false;
  for (const key in y) if (!NOT_SHOWN.has(key) && !(key in x)) return false;
  return true;
}

function memberSide(item: ApiItem, member: ApiMember, text: string): ApiMemberSide {
  return { name: member.name, kind: member.kind, location: `${item.path}#${member.anchor}`, text, deprecated: member.flags.includes("deprecated") };
}

/**
 * What differs between two versions of one item or member, given the texts written for each: its kind, its
 * text (then which parts of it: parameters, return types, type), and whether it is deprecated.
 */
function changedAspects(before: ApiItem | ApiMember, after: ApiItem | ApiMember, beforeText: string, afterText: string): ApiChangeAspect[] {
  const aspects: ApiChangeAspect[] = [];
  if (before.kind !== after.kind) aspects.push("kind");
  if (beforeText !== afterText) {
    aspects.push("signature", ...signatureAspects(before.signatures, after.signatures));
    if (typeText(before.type) !== typeText(after.type)) aspects.push("type");
  }
  aspects.push(...deprecation(before.flags.includes("deprecated"), after.flags.includes("deprecated")));
  return aspects;
}

/** Parameter names, optionality and rest, and return types, of signatures that differ. */
function signatureAspects(before: ApiSignature[], after: ApiSignature[]): ApiChangeAspect[] {
  const aspects: ApiChangeAspect[] = [];
  if (parameterNames(before) !== parameterNames(after)) aspects.push("parameters");
  if (returnTypes(before) !== returnTypes(after)) aspects.push("returns");
  return aspects;
}

function parameterNames(signatures: ApiSignature[]): string {
  return signatures.map((s) => s.parameters.map((p) => `${p.rest ? "..." : ""}${p.name}${p.optional ? "?" : ""}`).join(",")).join(";");
}

function returnTypes(signatures: ApiSignature[]): string {
  return signatures.map((s) => (s.kind === "set" ? "" : typeText(s.returns))).join(";");
}

function deprecation(before: boolean, after: boolean): ApiChangeAspect[] {
  if (before === after) return [];
  return [after ? "deprecated" : "undeprecated"];
}

function typeText(type: ApiItem["type"]): string {
  return type ? typeToText(type) : "";
}

/** The declaration, and for interfaces the call signatures that are part of it. */
function itemText(item: ApiItem): string {
  const calls = item.kind === "function" ? [] : item.signatures.map((s) => `  ${tokensToText(signatureTokens(s, ""))}`);
  return [item.declaration || tokensToText(declarationTokens(item)), ...calls].join("\n");
}

/** A member as it would be declared: `static readonly name?: T`, `Name = 1`, or its signatures, one per line. */
function memberText(member: ApiMember): string {
  if (member.kind === "enumMember") return member.value === undefined ? member.name : `${member.name} = ${member.value}`;
  const { flags } = member;
  const head = `${flags.includes("static") ? "static " : ""}${flags.includes("abstract") ? "abstract " : ""}`;
  const optional = flags.includes("optional") ? "?" : "";
  if (member.kind === "property") return `${head}${flags.includes("readonly") ? "readonly " : ""}${member.name}${optional}: ${typeText(member.type) || "unknown"}`;
  const name = member.kind === "constructor" ? "constructor" : `${member.name}${optional}`;
  return member.signatures.map((s) => head + tokensToText(signatureTokens(s, name))).join("\n");
}
