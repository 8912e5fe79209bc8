import type { ApiItemPage } from "../cli/pages/pages.ts";
import { Document } from "../renderer/components/Document.tsx";
import { SidebarLayout } from "../renderer/components/Layout.tsx";
import { ApiItemArticle } from "./api/index.ts";
import type { TemplateProps } from "./types.ts";

export default function ApiItemTemplate({ site, page }: TemplateProps<ApiItemPage>) {
  return (
    <Document site={site} page={page}>
      <SidebarLayout site={site} page={page}>
        <ApiItemArticle {...page.api} item={page.item} />
      </SidebarLayout>
    </Document>
  );
}
