/** The foot of a doc: "Edit this page" and "Last updated on <date> by <author>", when the site shows them. */
import type { DocFooterData } from "../../cli/pages/pages.ts";
import { ExternalIcon } from "./icons.tsx";

/** The date as the site's language writes it; in UTC, so a build gives the same page anywhere. */
function formatDate(seconds: number, lang: string): string {
  return new Date(seconds * 1000).toLocaleDateString(lang, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

export function DocFooter({ editUrl, lastUpdate, lang }: DocFooterData & { lang: string }) {
  const { time, author } = lastUpdate ?? {};
  if (!editUrl && time === undefined && !author) return null;
  return (
    <div className="doc-footer">
      {editUrl ? (
        <a className="doc-footer__edit" href={editUrl} rel="noopener noreferrer">
          Edit this page
          <ExternalIcon />
        </a>
      ) : null}
      {time !== undefined || author ? (
        <p className="doc-footer__updated">
          Last updated
          {time !== undefined ? (
            <>
              {" on "}
              <time dateTime={new Date(time * 1000).toISOString()}>{formatDate(time, lang)}</time>
            </>
          ) : null}
          {author ? ` by ${author}` : null}
        </p>
      ) : null}
    </div>
  );
}
