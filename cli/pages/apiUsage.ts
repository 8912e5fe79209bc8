/**
 * What the API pages show of the snippets' uses (cli/snippets/apiUses.ts): the members a version's tutorials use most,
 * and on a changes page (and in `api-diff`), the tutorial lines of the older version that used what the newer one
 * removed or renamed, with the new name or what the newer version's tutorials use at the same place (the same page and
 * section) among the names the diff says were added; and the renames those uses prove where signatures alone cannot.
 */
import { memberLink, renamed, renameKey, type ApiDiff, type ApiItemChange, type ApiMemberChange } from "../api/diff.ts";
import { siteHref, sitesByTarget, type PageSection, type UseTarget, type VersionUses } from "../snippets/apiUses.ts";
import type { ReportedUse } from "../api/diffReport.ts";
import type { BrokenUse } from "./pages.ts";

/** The `count` members used on the most lines, most first (ties by label). */
export function mostUsedMembers(uses: VersionUses | undefined, count: number): { target: UseTarget; lines: number }[] {
  const sites = sitesByTarget(uses);
  const targets = new Map<string, UseTarget>();
  for (const page of uses?.pages ?? []) for (const target of page.targets) if (target.member) targets.set(target.location, target);
  return [...targets.values()]
    .map((target) => ({ target, lines: sites.get(target.location)?.length ?? 0 }))
    .sort((a, b) => b.lines - a.lines || a.target.label.localeCompare(b.target.label))
    .slice(0, count);
}

/** Every member change of a diff, with its item. */
function memberChanges(diff: ApiDiff): { item: ApiItemChange; member: ApiMemberChange }[] {
  return diff.items.flatMap((item) => item.members.map((member) => ({ item, member })));
}

/** Each place (page id and section heading text) where `uses` use each location. */
function placesByTarget(uses: VersionUses | undefined): Map<string, Set<string>> {
  const places = new Map<string, Set<string>>();
  for (const page of uses?.pages ?? []) {
    for (const block of page.blocks) {
      for (const use of block.uses) {
        const location = page.targets[use.target]!.location;
        (places.get(location) ?? places.set(location, new Set()).get(location)!).add(placeKey(page.id, block.section));
      }
    }
  }
  return places;
}

function placeKey(pageId: string, section: PageSection | undefined): string {
  return `${pageId}\n${section?.text ?? ""}`;
}

/**
 * The diff with renames the tutorials prove: of the removals and additions of one item that share a rename key with
 * others (which the diff leaves apart, see `renameKey`), a removal the older tutorials use at a place where the newer
 * ones use exactly one of those additions, and no other removal claims it, is that addition's old name.
 */
function renamesByUse(diff: ApiDiff, older: VersionUses | undefined, newer: VersionUses | undefined): ApiDiff {
  const olderPlaces = placesByTarget(older);
  const newerPlaces = placesByTarget(newer);
  let found = false;
  const items = diff.items.map((item) => {
    const additions = item.members.filter((m) => m.change === "added");
    const claims = new Map<ApiMemberChange, ApiMemberChange[]>();
    for (const removal of item.members) {
      if (removal.change !== "removed") continue;
      const key = renameKey(removal.before!);
      const places = olderPlaces.get(memberLink(item.before, removal.before!)) ?? new Set();
      const candidates = additions.filter((a) => renameKey(a.after!) === key && [...(newerPlaces.get(memberLink(item.after, a.after!)) ?? [])].some((place) => places.has(place)));
      if (candidates.length === 1) claims.set(candidates[0]!, [...(claims.get(candidates[0]!) ?? []), removal]);
    }
    const pairs = new Map([...claims].filter(([, removals]) => removals.length === 1).map(([addition, [removal]]) => [addition, removal!] as const));
    if (pairs.size === 0) return item;
    found = true;
    const gone = new Set(pairs.values());
    const members = item.members.filter((m) => !gone.has(m)).map((m) => (pairs.has(m) ? renamed(pairs.get(m)!, m) : m));
    return { ...item, members };
  });
  return found ? { ...diff, items } : diff;
}

/**
 * By the older version's location of each removed or renamed item or member the older snippets used: those uses,
 * each with its replacement: a renamed member's new name, else the added names the newer snippets use in the same
 * page section. `newerHref` gives a newer location's URL.
 */
function brokenUses(diff: ApiDiff, older: VersionUses | undefined, newer: VersionUses | undefined, newerHref: (location: string) => string): Record<string, BrokenUse[]> {
  const removed = new Set<string>();
  const added = new Set<string>();
  const renamedTo = new Map<string, { label: string; href: string }>();
  for (const item of diff.items) {
    if (item.change === "removed" && item.before) removed.add(item.before.location);
    if (item.change === "added" && item.after) added.add(item.after.location);
  }
  for (const { item, member } of memberChanges(diff)) {
    if (member.change === "removed") removed.add(memberLink(item.before, member.before!));
    if (member.change === "added") added.add(memberLink(item.after, member.after!));
    if (member.change === "renamed") renamedTo.set(memberLink(item.before, member.before!), { label: `${item.name}.${member.name}`, href: newerHref(memberLink(item.after, member.after!)) });
  }
  // What the newer snippets use, by page id and section heading text.
  const newerAt = new Map<string, Map<string, UseTarget>>();
  for (const page of newer?.pages ?? []) {
    for (const block of page.blocks) {
      const key = placeKey(page.id, block.section);
      const found = newerAt.get(key) ?? newerAt.set(key, new Map()).get(key)!;
      for (const use of block.uses) {
        const target = page.targets[use.target]!;
        if (added.has(target.location)) found.set(target.location, target);
      }
    }
  }
  const broken: Record<string, BrokenUse[]> = {};
  for (const [location, sites] of sitesByTarget(older)) {
    const to = renamedTo.get(location);
    if (to) broken[location] = sites.map((site) => ({ site, replacements: [to], renamed: true }));
    if (!removed.has(location)) continue;
    const owner = location.split("#")[0];
    broken[location] = sites.map((site) => {
      const there = [...(newerAt.get(placeKey(site.page.id, site.section))?.values() ?? [])];
      // An addition to the removed member's own item is its likeliest replacement; other additions there only when there is none.
      const sameItem = there.filter((target) => target.location.split("#")[0] === owner);
      return { site, replacements: (sameItem.length > 0 ? sameItem : there).map((target) => ({ label: target.label, href: newerHref(target.location) })) };
    });
  }
  return broken;
}

/** A diff as a changes page and `api-diff` show it: with the renames the tutorials prove, and what its removals and renames break. */
export function changesWithUses(diff: ApiDiff, older: VersionUses | undefined, newer: VersionUses | undefined, newerHref: (location: string) => string): { diff: ApiDiff; broken: Record<string, BrokenUse[]> } {
  const proven = renamesByUse(diff, older, newer);
  return { diff: proven, broken: brokenUses(proven, older, newer, newerHref) };
}

/** A changes page's broken uses as reports give them: page and section by name, each route made a URL by `siteUrl` (absolute for `api-diff`, a twin's link for the page's markdown twin). */
export function reportedUses(broken: Record<string, BrokenUse[]>, siteUrl: (route: string) => string): Record<string, ReportedUse[]> {
  const reported = ({ site, replacements, renamed }: BrokenUse): ReportedUse => ({
    page: site.page.title,
    ...(site.section && { section: site.section.text }),
    url: siteUrl(siteHref(site)),
    line: site.line,
    replacements: replacements.map((r) => ({ name: r.label, url: siteUrl(r.href) })),
    ...(renamed && { renamed }),
  });
  return Object.fromEntries(Object.entries(broken).map(([location, uses]) => [location, uses.map(reported)]));
}
