/**
 * What the API pages show of the snippets' uses (cli/snippets/apiUses.ts): the members a version's tutorials use most,
 * and on a changes page, the tutorial lines of the older version that used what the newer one removed, with what the
 * newer version's tutorials use at the same place (the same page and section) among the names the diff says were added.
 */
import { memberLink, type ApiDiff } from "../api/diff.ts";
import { sitesByTarget, type UseTarget, type VersionUses } from "../snippets/apiUses.ts";
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

/**
 * By the older version's location of each removed item or member the older snippets used: those uses, each with the
 * added names the newer snippets use in the same page section. `newerHref` gives a newer location's URL.
 */
export function brokenUses(diff: ApiDiff, older: VersionUses | undefined, newer: VersionUses | undefined, newerHref: (location: string) => string): Record<string, BrokenUse[]> {
  const removed = new Set<string>();
  const added = new Set<string>();
  for (const item of diff.items) {
    if (item.change === "removed" && item.before) removed.add(item.before.location);
    if (item.change === "added" && item.after) added.add(item.after.location);
    for (const member of item.members) {
      if (member.change === "removed" && member.before) removed.add(memberLink(item.before, member.before));
      if (member.change === "added" && member.after) added.add(memberLink(item.after, member.after));
    }
  }
  // What the newer snippets use, by page id and section heading text.
  const newerAt = new Map<string, Map<string, UseTarget>>();
  for (const page of newer?.pages ?? []) {
    for (const block of page.blocks) {
      const key = `${page.id}\n${block.section?.text ?? ""}`;
      const found = newerAt.get(key) ?? newerAt.set(key, new Map()).get(key)!;
      for (const use of block.uses) {
        const target = page.targets[use.target]!;
        if (added.has(target.location)) found.set(target.location, target);
      }
    }
  }
  const broken: Record<string, BrokenUse[]> = {};
  for (const [location, sites] of sitesByTarget(older)) {
    if (!removed.has(location)) continue;
    const owner = location.split("#")[0];
    broken[location] = sites.map((site) => {
      const there = [...(newerAt.get(`${site.page.id}\n${site.section?.text ?? ""}`)?.values() ?? [])];
      // An addition to the removed member's own item is its likeliest replacement; other additions there only when there is none.
      const sameItem = there.filter((target) => target.location.split("#")[0] === owner);
      return { site, replacements: (sameItem.length > 0 ? sameItem : there).map((target) => ({ label: target.label, href: newerHref(target.location) })) };
    });
  }
  return broken;
}
