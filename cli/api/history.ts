/**
 * An item's or member's story across all versions, from the diffs of each version against the one before:
 * in which version it was added, changed, moved or removed. Items are followed through moves, so an item
 * moved in 5.0.0 and changed in next is one story.
 */
import type { ApiDiff, ApiItemChange } from "./diff.ts";

/** One step of the story; `version` is the version the change arrived in, `entry` its id on that version's changes page. */
export interface ApiHistoryEvent {
  change: "added" | "changed" | "moved" | "removed";
  version: string;
  entry: string;
}

/** Diffs along the versions, oldest first: `diffs[i]` goes from `versions[i]` to `versions[i + 1]` (undefined where a model is missing). */
export class ApiHistory {
  private readonly byBefore: Map<string, ApiItemChange>[];
  private readonly byAfter: Map<string, ApiItemChange>[];

  constructor(
    private readonly versions: readonly string[],
    private readonly diffs: readonly (ApiDiff | undefined)[],
  ) {
    this.byBefore = diffs.map((diff) => new Map((diff?.items ?? []).filter((c) => c.before).map((c) => [c.before!.location, c] as const)));
    this.byAfter = diffs.map((diff) => new Map((diff?.items ?? []).filter((c) => c.after).map((c) => [c.after!.location, c] as const)));
  }

  /** What happened to the item documented at `location` in `version`, in every version, oldest first. */
  item(version: string, location: string): ApiHistoryEvent[] {
    return this.walk(version, location, (change) => {
      const changed = change.change === "moved" || change.change === "added" || change.change === "removed" || change.aspects.length > 0;
      return { event: changed ? { change: change.change, entry: changeEntryId(change) } : undefined, ends: false };
    });
  }

  /**
   * What happened to member `anchor` of the item at `location` in `version`. The item's own addition or
   * removal is not repeated: the story ends there.
   */
  member(version: string, location: string, anchor: string): ApiHistoryEvent[] {
    return this.walk(version, location, (change, step, at) => {
      const where = `${at}#${anchor}`;
      const own = change.members.find((m) => (step === "back" ? m.after : m.before)?.location === where);
      if (!own) return { ends: false };
      const ends = own.change === (step === "back" ? "added" : "removed");
      return { event: { change: own.change, entry: changeEntryId(change, anchor) }, ends };
    });
  }

  /**
   * Follows the item from `version` back to the oldest version and forward to the newest, diff by diff,
   * through moves; the story ends where the item was added or removed, where a model is missing, or where
   * `read` says so. `read` says what a diff's entry for the item means for the thing followed.
   */
  private walk(
    version: string,
    location: string,
    read: (change: ApiItemChange, step: "back" | "forward", at: string) => { event?: Omit<ApiHistoryEvent, "version">; ends: boolean },
  ): ApiHistoryEvent[] {
    const index = this.versions.indexOf(version);
    if (index < 0) return [];
    const events: ApiHistoryEvent[] = [];
    const follow = (step: "back" | "forward") => {
      let at = location;
      for (let i = step === "back" ? index - 1 : index; i >= 0 && i < this.diffs.length; i += step === "back" ? -1 : 1) {
        if (!this.diffs[i]) return;
        const change = (step === "back" ? this.byAfter : this.byBefore)[i]!.get(at);
        if (!change) continue;
        const { event, ends } = read(change, step, at);
        if (event) events.push({ ...event, version: this.versions[i + 1]! });
        const next = step === "back" ? change.before : change.after;
        if (ends || !next) return;
        at = next.location;
      }
    };
    follow("back");
    events.reverse();
    follow("forward");
    return events;
  }
}

/** Id of an item's entry on a changes page: its area and name, e.g. "stores-AppStore". */
export function changeEntryId(change: Pick<ApiItemChange, "name" | "before" | "after">, member?: string): string {
  const area = (change.after ?? change.before)!.area.replace(/^\.-/, "").replaceAll("/", "-") || "index";
  return member === undefined ? `${area}-${change.name}` : `${area}-${change.name}-${member}`;
}
