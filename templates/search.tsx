import type { SearchPage } from "../cli/pages/pages.ts";
import { Document } from "../renderer/components/Document.tsx";
import { PlainLayout } from "../renderer/components/Layout.tsx";
import type { TemplateProps } from "./types.ts";
import { docsEntry } from "../renderer/links.ts";

/**
 * Where the search box's form leads when JavaScript is off (the runtime handles the box itself): search runs
 * in the browser, so this page says so and offers the ways in that need none. With JavaScript on, the
 * runtime puts the query (`?q=`) into the search box and replaces the explanation.
 */
export default function SearchTemplate({ site, page }: TemplateProps<SearchPage>) {
  return (
    <Document site={site} page={page}>
      <PlainLayout site={site} page={page}>
        <div className="search-page markdown">
          <h1>Search</h1>
          <p data-search-page>
            Searching these docs needs JavaScript, which is off or blocked in this browser. Turn it on and use the
            search box at the top of any page, or browse the <a href={docsEntry(site, site.lastVersion)}>documentation</a>
            {site.config.api ? (
              <>
                {" "}
                and the <a href={site.lastVersion.apiPath}>API reference</a>
              </>
            ) : null}
            .
          </p>
        </div>
      </PlainLayout>
    </Document>
  );
}
