import type { ApiAreaPage } from "../cli/pages/pages.ts";
import { Document } from "../renderer/components/Document.tsx";
import { SidebarLayout } from "../renderer/components/Layout.tsx";
import { ApiAreaArticle } from "./api/index.ts";
import type { TemplateProps } from "./types.ts";

export default function ApiAreaTemplate({ site, page }: TemplateProps<ApiAreaPage>) {
  return (
    <Document site={site} page={page}>
      <SidebarLayout site={site} page={page}>
        <ApiAreaArticle {...page.api} area={page.area} />
      </SidebarLayout>
    </Document>
  );
}
