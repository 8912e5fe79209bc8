import type { ApiLandingPage } from "../cli/pages/pages.ts";
import { Document } from "../renderer/components/Document.tsx";
import { SidebarLayout } from "../renderer/components/Layout.tsx";
import { ApiLandingArticle } from "./api/index.ts";
import type { TemplateProps } from "./types.ts";

export default function ApiLandingTemplate({ site, page }: TemplateProps<ApiLandingPage>) {
  return (
    <Document site={site} page={page}>
      <SidebarLayout site={site} page={page}>
        <ApiLandingArticle {...page.api} overviewHtml={page.overviewHtml} mostUsed={page.mostUsed} />
      </SidebarLayout>
    </Document>
  );
}
