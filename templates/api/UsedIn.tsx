import { siteHref, siteLabel, type UseSite } from "../../cli/snippets/apiUses.ts";

/** Sites shown in full (with their line); the rest are links. */
const SHOWN = 5;

/** The line calling the name, the name marked. */
export function SiteLine({ site }: { site: UseSite }) {
  const { line, column, length } = site;
  return (
    <code className="api-used-line">
      {line.slice(0, column).trimStart()}
      <mark>{line.slice(column, column + length)}</mark>
      {line.slice(column + length)}
    </code>
  );
}

/**
 * The tutorial sections of the page's version whose snippets use an item or member, like rustdoc's scraped examples:
 * the first five with the calling line, the rest as links. Nothing when no snippet uses it.
 */
export function UsedIn({ sites, heading }: { sites: readonly UseSite[]; heading: "h2" | "h4" }) {
  if (sites.length === 0) return null;
  const Heading = heading;
  const rest = sites.slice(SHOWN);
  return (
    <section className="api-used-in">
      <Heading className="api-used-in-title" {...(heading === "h2" && { id: "api-used-in" })}>
        Used in
      </Heading>
      <ul>
        {sites.slice(0, SHOWN).map((site, i) => (
          <li key={i}>
            <a href={siteHref(site)}>{siteLabel(site)}</a>
            <SiteLine site={site} />
          </li>
        ))}
      </ul>
      {rest.length > 0 && (
        <p className="api-used-more">
          {`And ${rest.length} more: `}
          {rest.map((site, i) => (
            <span key={i}>
              {i > 0 && ", "}
              <a href={siteHref(site)}>{siteLabel(site)}</a>
            </span>
          ))}
        </p>
      )}
    </section>
  );
}
