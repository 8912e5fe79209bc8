import { API_KINDS, type ApiArea } from "../../cli/api/model.ts";
import { InlineItem } from "./InlineItem.tsx";
import { groupId, KIND_LABELS } from "./labels.ts";
import { Badges, HistoryBadges, Markdown } from "./parts.tsx";
import type { ApiArticleProps } from "./props.ts";

/**
 * An area of the API: its items grouped by kind, each linked with its one-line summary; type aliases and
 * variables, which have no page of their own, in full.
 */
export function ApiAreaArticle({ model, area, href, md, history, usedIn }: ApiArticleProps & { area: ApiArea }) {
  return (
    <article className="api-article api-area">
      <header className="api-header">
        <p className="api-eyebrow">{`${model.packageName} ${model.packageVersion}`}</p>
        <h1 className="api-title">{area.title}</h1>
      </header>
      {areaGroups(area).map(({ kind, title, items }) => (
        <section key={kind} className="api-group">
          <h2 id={groupId(title)}>{title}</h2>
          {kind === "type" || kind === "variable" ? (
            items.map((item) => <InlineItem key={item.name} item={item} href={href} md={md} history={history} {...(usedIn && { usedIn })} />)
          ) : (
            <ul className="api-index">
              {items.map((item) => (
                <li key={item.name}>
                  <a className="api-index-name" href={href(item.path)}>
                    {item.name}
                  </a>
                  <Badges flags={item.flags.filter((flag) => flag === "deprecated")} />
                  <HistoryBadges badges={history.item(item)} />
                  <Markdown className="api-index-summary" markdown={item.summary} md={md} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </article>
  );
}

/** The area's items by kind, in the order of API_KINDS, empty kinds left out. */
export function areaGroups(area: ApiArea) {
  return API_KINDS.map((kind) => ({
    kind,
    title: KIND_LABELS[kind].many,
    items: area.items.filter((item) => item.kind === kind),
  })).filter((group) => group.items.length > 0);
}
