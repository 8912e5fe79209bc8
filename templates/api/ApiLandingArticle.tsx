import { API_KINDS, type ApiArea } from "../../cli/api/model.ts";
import { InlineItem } from "./InlineItem.tsx";
import { ChangesLink } from "./parts.tsx";
import { KIND_LABELS } from "./labels.ts";
import type { ApiArticleProps } from "./props.ts";
import type { ApiLandingPage } from "../../cli/pages/pages.ts";

/** The root page of a version's API: package, the overview, and the areas with their item counts. */
export function ApiLandingArticle({ model, href, md, history, usedIn, overviewHtml, mostUsed = [] }: ApiArticleProps & { overviewHtml?: string; mostUsed?: ApiLandingPage["mostUsed"] }) {
  return (
    <article className="api-article api-landing">
      <header className="api-header">
        <h1 className="api-title">
          {model.packageName} <span className="api-version">{model.packageVersion}</span>
        </h1>
      </header>
      {model.isExample && (
        <div className="api-notice" role="note">
          No carta-frontend checkout was found, so this reference documents the sample code base that comes with
          carta-docs. Point <code>--viewer</code> or <code>CARTA_FRONTEND_DIR</code> at a checkout to document the viewer.
        </div>
      )}
      {overviewHtml && <div className="api-overview" dangerouslySetInnerHTML={{ __html: overviewHtml }} />}
      <ChangesLink history={history} />
      <section className="api-group">
        <h2 id="api-areas">Modules</h2>
        <ul className="api-areas">
          {model.areas.map((area) => (
            <li key={area.slug}>
              <a className="api-index-name" href={href(area.slug)}>
                {area.title}
              </a>{" "}
              <span className="api-count">{countText(area)}</span>
            </li>
          ))}
        </ul>
      </section>
      {mostUsed.length > 0 && (
        <section className="api-group">
          <h2 id="api-most-used">Most used in the tutorials</h2>
          <ol className="api-most-used">
            {mostUsed.map(({ target, lines }) => (
              <li key={target.location}>
                <a className="api-index-name" href={href(target.location)}>
                  <code>{target.label}</code>
                </a>{" "}
                <span className="api-count">{`${lines} ${lines === 1 ? "line" : "lines"}`}</span>
              </li>
            ))}
          </ol>
        </section>
      )}
      {model.indexItems.length > 0 && (
        <section className="api-group">
          <h2 id="api-index-exports">Other exports</h2>
          {model.indexItems.map((item) => (
            <InlineItem key={item.name} item={item} href={href} md={md} history={history} {...(usedIn && { usedIn })} />
          ))}
        </section>
      )}
      <p className="api-source-label">{`Generated from ${model.sourceLabel}.`}</p>
    </article>
  );
}

/** "3 items: 2 classes, 1 enumeration" */
function countText(area: ApiArea): string {
  const parts = API_KINDS.flatMap((kind) => {
    const count = area.items.filter((item) => item.kind === kind).length;
    const label = count === 1 ? KIND_LABELS[kind].one : KIND_LABELS[kind].many;
    return count > 0 ? [`${count} ${label.toLowerCase()}`] : [];
  });
  const total = area.items.length;
  return `${total} ${total === 1 ? "item" : "items"}${parts.length > 0 ? `: ${parts.join(", ")}` : ""}`;
}
