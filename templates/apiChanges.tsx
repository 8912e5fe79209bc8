import type { ApiChangesPage } from "../cli/pages/pages.ts";
import { Document } from "../renderer/components/Document.tsx";
import { SidebarLayout } from "../renderer/components/Layout.tsx";
import { ApiChangesArticle } from "./api/index.ts";
import type { TemplateProps } from "./types.ts";

export default function ApiChangesTemplate({ site, page }: TemplateProps<ApiChangesPage>) {
  return (
    <Document site={site} page={page}>
      <SidebarLayout site={site} page={page}>
        <ApiChangesArticle page={page} />
      </SidebarLayout>
    </Document>
  );
}
