import type { MarkdownPage } from "../cli/pages/pages.ts";
import { Document } from "../renderer/components/Document.tsx";
import { SidebarLayout } from "../renderer/components/Layout.tsx";
import type { TemplateProps } from "./types.ts";

/** A standalone markdown page (content/pages): the site's chrome and the page's table of contents, no docs sidebar. */
export default function MarkdownPageTemplate({ site, page }: TemplateProps<MarkdownPage>) {
  return (
    <Document site={site} page={page}>
      <SidebarLayout site={site} page={page}>
        <div className="markdown">
          {page.hideTitle || page.titleInBody ? null : <h1>{page.title}</h1>}
          <div dangerouslySetInnerHTML={{ __html: page.html }} />
        </div>
      </SidebarLayout>
    </Document>
  );
}
