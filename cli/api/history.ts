/**
 * An item's or member's story across all versions, from the diffs of each version against the one before:
 * in which version it was added, changed, moved or removed. Items are followed through moves, so an item
 * moved in 5.0.0 and changed in next is one story.
 */
import type { ApiChangeAspect, ApiDiff, ApiItemChange } from "./diff.ts";

/**
 * One step of the story: `version` (a docs version name) is the version the change arrived in, `entry` the
 * id of its entry on that version's changes page.
 */
export interface ApiHistoryEvent {
  change: "added" | "changed" | "moved" | "removed" | "renamed";
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
      // A renamed member's story goes on under its other name, on another anchor: this name's ends here.
      const ends = own.change === "renamed" || own.change === (step === "back" ? "added" : "removed");
      return { event: { change: own.change, entry: changeEntryId(change, own.change === "renamed" ? own.name : anchor) }, ends };
    });
  }

  /**
   * What the next newer version did to what a link into `version`'s API points at (`path`, and `anchor` for a
   * member or an item sharing a page), or undefined when it is unchanged there (or `version` is the newest).
   */
  nextChange(version: string, path: string, anchor?: string): { change: ApiHistoryEvent["change"]; version: string; aspects: ApiChangeAspect[]; /** Title of the area it moved to. */ movedTo?: string } | undefined {
    const i = this.versions.indexOf(version);
    const byBefore = this.byBefore[i];
    if (i < 0 || !byBefore) return undefined;
    const newer = this.versions[i + 1]!;
    const itemChange = (anchor !== undefined ? byBefore.get(`${path}#${anchor}`) : undefined) ?? byBefore.get(path);
    if (!itemChange) return undefined;
    const own = anchor === undefined || itemChange.before!.location === `${path}#${anchor}`;
    if (itemChange.change === "removed" || itemChange.change === "moved" || own) {
      if (itemChange.change === "changed" && itemChange.aspects.length === 0) return undefined;
      return { change: itemChange.change, version: newer, aspects: itemChange.aspects, ...(itemChange.change === "moved" && { movedTo: itemChange.after!.areaTitle }) };
    }
    const member = itemChange.members.find((m) => m.before?.location === `${path}#${anchor}`);
    return member && { change: member.change, version: newer, aspects: member.aspects };
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
  const area = changeAreaSlug((change.after ?? change.before)!.area);
  return member === undefined ? `${area}-${change.name}` : `${area}-${change.name}-${member}`;
}

/** An area's slug as ids on a changes page spell it: no leading ".-", slashes as dashes, "index" for the index file's area (""). */
export function changeAreaSlug(area: string): string {
  return area.replace(/^\.-/, "").replaceAll("/", "-") || "index";
}

/**
 * The diffs of a site's versions, each against the one before it: plain data, computed once per pair in a
 * build (and kept in watch mode while both models are), shared by the changes pages, the badges and the
 * check of docs' `api:` links.
 */
export interface ApiChanges {
  /** Docs version names ("current", "5.0.0"), oldest first. */
  versions: string[];
  /** Each version's name in the API ("next", "5.0.0"), as badges and the changes pages show it. */
  labels: string[];
  /** `diffs[i]` goes from `versions[i]` to `versions[i + 1]`; undefined where either model is missing. */
  diffs: (ApiDiff | undefined)[];
}

/** Histories already made: every version's pages and the link resolver ask for the same changes' history. */
const histories = new WeakMap<ApiChanges, ApiHistory>();

/** The history of `changes`, made once per object: an ApiChanges is not altered once made. */
export function historyOf(changes: ApiChanges): ApiHistory {
  let history = histories.get(changes);
  if (!history) histories.set(changes, (history = new ApiHistory(changes.versions, changes.diffs)));
  return history;
}
