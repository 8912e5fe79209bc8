import type { DocPage } from "../cli/pages/pages.ts";
import { Document } from "../renderer/components/Document.tsx";
import { DocFooter } from "../renderer/components/DocFooter.tsx";
import { SidebarLayout } from "../renderer/components/Layout.tsx";
import type { TemplateProps } from "./types.ts";

export default function DocTemplate({ site, page }: TemplateProps<DocPage>) {
  return (
    <Document site={site} page={page}>
      <SidebarLayout site={site} page={page}>
        <div className="markdown">
          {page.doc.frontMatter.hide_title || page.titleInBody ? null : <h1>{page.title}</h1>}
          <div dangerouslySetInnerHTML={{ __html: page.html }} />
        </div>
        <DocFooter editUrl={page.editUrl} lastUpdate={page.lastUpdate} lang={site.config.locale.lang} />
      </SidebarLayout>
    </Document>
  );
}
