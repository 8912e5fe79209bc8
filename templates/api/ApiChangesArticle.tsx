import { countChanges, memberLink, textChanged, type ApiChangeAspect, type ApiDiff, type ApiItemChange, type ApiMemberChange } from "../../cli/api/diff.ts";
import { ASPECT_WORDS } from "../../cli/api/diffReport.ts";
import { changeAreaSlug, changeEntryId } from "../../cli/api/history.ts";
import { markChanges, type MarkedPart } from "../../cli/api/markChanges.ts";
import type { ApiChangesPage, BrokenUse } from "../../cli/pages/pages.ts";
import { siteHref, siteLabel } from "../../cli/snippets/apiUses.ts";
import { SiteLine } from "./UsedIn.tsx";
import { KIND_LABELS } from "./labels.ts";

type Href = (pathWithOptionalAnchor: string) => string;

/** The changed items by area, in the order of the diff (the newer version's areas). */
export function changeAreas(diff: ApiDiff): { id: string; title: string; entries: ApiItemChange[] }[] {
  const areas = new Map<string, { id: string; title: string; entries: ApiItemChange[] }>();
  for (const entry of diff.items) {
    const side = (entry.after ?? entry.before)!;
    let area = areas.get(side.area);
    if (!area) areas.set(side.area, (area = { id: `api-changes-${changeAreaSlug(side.area)}`, title: side.areaTitle, entries: [] }));
    area.entries.push(entry);
  }
  return [...areas.values()];
}

/**
 * A version's API changes since the version before it: per area, each changed item with links to its page in
 * both versions, and its declaration and members before and after, the changed parts marked.
 */
export function ApiChangesArticle({ page }: { page: ApiChangesPage }) {
  const { diff, since, api, label } = page;
  return (
    <article className="api-article api-changes">
      <header className="api-header">
        <p className="api-eyebrow">{`${api.model.packageName} ${api.model.packageVersion}`}</p>
        <h1 className="api-title">{page.title}</h1>
      </header>
      {!diff || !since ? (
        <p className="api-changes-note">{page.note}</p>
      ) : diff.items.length === 0 ? (
        <p className="api-changes-note">{`The API did not change between ${since.label} and ${label}.`}</p>
      ) : (
        <>
          <p className="api-changes-summary">{summary(diff, since.label)}</p>
          {changeAreas(diff).map((area) => (
            <section key={area.id} className="api-group">
              <h2 id={area.id}>{area.title}</h2>
              {area.entries.map((entry) => (
                <ItemEntry key={changeEntryId(entry)} entry={entry} before={since} after={{ label, href: api.href }} broken={page.broken} />
              ))}
            </section>
          ))}
        </>
      )}
    </article>
  );
}

interface Side {
  label: string;
  href: Href;
}

function summary(diff: ApiDiff, from: string): string {
  const counts = countChanges(diff);
  const members = counts.members.added + counts.members.removed + counts.members.renamed + counts.members.changed;
  const parts = (["added", "removed", "changed", "moved"] as const).flatMap((change) => (counts.items[change] > 0 ? [`${counts.items[change]} ${change}`] : []));
  return `Since ${from}: ${diff.items.length} ${diff.items.length === 1 ? "item" : "items"} (${parts.join(", ")}), ${members} changed ${members === 1 ? "member" : "members"}.`;
}

type Broken = ApiChangesPage["broken"];

function ItemEntry({ entry, before, after, broken }: { entry: ApiItemChange; before: Side; after: Side; broken: Broken }) {
  const side = (entry.after ?? entry.before)!;
  return (
    <section id={changeEntryId(entry)} className={`api-change api-change-${entry.change}`}>
      <h3 className="api-change-title">
        <code>{entry.name}</code> <span className="api-change-kind">{KIND_LABELS[side.kind].one}</span>{" "}
        <span className={`api-badge api-badge-${entry.change}`}>{entry.change}</span>
        <VersionLinks before={entry.before && [before, entry.before.location]} after={entry.after && [after, entry.after.location]} />
      </h3>
      {entry.change === "moved" && <p className="api-change-aspects">{`Moved from ${entry.before!.areaTitle} to ${entry.after!.areaTitle}.`}</p>}
      <Aspects aspects={entry.aspects} />
      <Texts before={entry.before?.text} after={entry.after?.text} changed={textChanged(entry.aspects)} labels={[before.label, after.label]} />
      {entry.change === "removed" && <BrokenUses uses={broken?.[entry.before!.location]} before={before} after={after} />}
      {entry.members.length > 0 && (
        <ul className="api-change-members">
          {entry.members.map((member) => (
            <MemberEntry key={member.name} entry={entry} member={member} before={before} after={after} broken={broken} />
          ))}
        </ul>
      )}
    </section>
  );
}

function MemberEntry({ entry, member, before, after, broken }: { entry: ApiItemChange; member: ApiMemberChange; before: Side; after: Side; broken: Broken }) {
  const renamed = member.change === "renamed";
  return (
    <li id={changeEntryId(entry, member.name)} className={`api-change api-change-${member.change}`}>
      <p className="api-change-title">
        {renamed && (
          <>
            {/* Links to the old name's entry (an API page's history badge) land here too. */}
            <code id={changeEntryId(entry, member.before!.name)}>{member.before!.name}</code>
            {" → "}
          </>
        )}
        <code>{member.name}</code> <span className={`api-badge api-badge-${member.change}`}>{member.change}</span>
        <VersionLinks before={member.before && [before, memberLink(entry.before, member.before)]} after={member.after && [after, memberLink(entry.after, member.after)]} />
      </p>
      <Aspects aspects={member.aspects} />
      <Texts before={member.before?.text} after={member.after?.text} changed={renamed || textChanged(member.aspects)} labels={[before.label, after.label]} />
      {(member.change === "removed" || renamed) && <BrokenUses uses={broken?.[memberLink(entry.before, member.before!)]} before={before} after={after} />}
    </li>
  );
}

/** The older version's tutorial lines that used what was removed or renamed, and the new name or what the newer tutorials use there instead. */
function BrokenUses({ uses, before, after }: { uses: readonly BrokenUse[] | undefined; before: Side; after: Side }) {
  if (!uses || uses.length === 0) return null;
  return (
    <div className="api-change-uses">
      <p>{`Used by the ${before.label} tutorials:`}</p>
      <ul>
        {uses.map(({ site, replacements, renamed }, i) => (
          <li key={i}>
            <a href={siteHref(site)}>{siteLabel(site)}</a> <SiteLine site={site} />
            {replacements.length > 0 && (
              <span className="api-change-replacement">
                {renamed ? " Renamed to " : ` ${after.label} uses `}
                {replacements.map((replacement, j) => (
                  <span key={replacement.href}>
                    {j > 0 && ", "}
                    <a href={replacement.href}>
                      <code>{replacement.label}</code>
                    </a>
                  </span>
                ))}
                {renamed ? ` in ${after.label}.` : " there."}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function VersionLinks({ before, after }: { before: [Side, string] | undefined; after: [Side, string] | undefined }) {
  const links = [before, after].filter((link): link is [Side, string] => link !== undefined);
  return (
    <span className="api-change-links">
      {links.map(([side, location]) => (
        <a key={side.label} href={side.href(location)}>
          {side.label}
        </a>
      ))}
    </span>
  );
}

function Aspects({ aspects }: { aspects: ApiChangeAspect[] }) {
  const shown = aspects.filter((aspect) => aspect !== "signature");
  if (shown.length === 0) return null;
  return <p className="api-change-aspects">{`Changed: ${shown.map((aspect) => ASPECT_WORDS[aspect]).join(", ")}.`}</p>;
}

/** The declaration before and after, changed parts marked; only the one there is for an addition or removal. */
function Texts({ before, after, changed, labels }: { before: string | undefined; after: string | undefined; changed: boolean; labels: [string, string] }) {
  if (before !== undefined && after !== undefined) {
    if (!changed) return null;
    const marked = markChanges(before, after);
    return (
      <div className="api-change-texts">
        <MarkedCode label={labels[0]} parts={marked.before} mark="del" />
        <MarkedCode label={labels[1]} parts={marked.after} mark="ins" />
      </div>
    );
  }
  const text = after ?? before;
  if (text === undefined) return null;
  const removed = after === undefined;
  return (
    <div className="api-change-texts">
      <MarkedCode label={removed ? labels[0] : labels[1]} parts={[{ text, changed: false }]} mark={removed ? "del" : "ins"} />
    </div>
  );
}

function MarkedCode({ label, parts, mark: Mark }: { label: string; parts: MarkedPart[]; mark: "del" | "ins" }) {
  return (
    <pre className={`api-change-code api-change-${Mark === "del" ? "before" : "after"}`} data-version={label}>
      <code>{parts.map((part, i) => (part.changed ? <Mark key={i}>{part.text}</Mark> : part.text))}</code>
    </pre>
  );
}
