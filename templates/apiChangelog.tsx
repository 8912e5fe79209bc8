import type { ApiChangelogPage } from "../cli/pages/pages.ts";
import { Document } from "../renderer/components/Document.tsx";
import { SidebarLayout } from "../renderer/components/Layout.tsx";
import { ApiChangelogArticle } from "./api/index.ts";
import type { TemplateProps } from "./types.ts";

export default function ApiChangelogTemplate({ site, page }: TemplateProps<ApiChangelogPage>) {
  return (
    <Document site={site} page={page}>
      <SidebarLayout site={site} page={page}>
        <div className="markdown">
          <h1>Changelog</h1>
          <ApiChangelogArticle html={page.html} history={page.api.history} />
        </div>
      </SidebarLayout>
    </Document>
  );
}
