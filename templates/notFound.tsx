import type { NotFoundPage } from "../cli/pages/pages.ts";
import { Document } from "../renderer/components/Document.tsx";
import { PlainLayout } from "../renderer/components/Layout.tsx";
import { docsEntry } from "../renderer/links.ts";
import type { TemplateProps } from "./types.ts";

export default function NotFoundTemplate({ site, page }: TemplateProps<NotFoundPage>) {
  return (
    <Document site={site} page={page}>
      <PlainLayout site={site} page={page}>
        <div className="not-found markdown">
          <h1>Page not found</h1>
          <p>We could not find what you were looking for. The page may have moved, or it may not exist in this version.</p>
          <p>
            Try the <a href={docsEntry(site, site.lastVersion)}>documentation</a>
            {site.config.api ? (
              <>
                , the <a href={site.lastVersion.apiPath}>API reference</a>
              </>
            ) : null}{" "}
            or the <a href={site.config.baseUrl}>home page</a>.
          </p>
        </div>
      </PlainLayout>
    </Document>
  );
}
