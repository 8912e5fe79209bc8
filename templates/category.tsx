import type { CategoryPage } from "../cli/pages/pages.ts";
import { Document } from "../renderer/components/Document.tsx";
import { SidebarLayout } from "../renderer/components/Layout.tsx";
import type { TemplateProps } from "./types.ts";

/** Generated index of a sidebar category: a card per child page with its description. */
export default function CategoryTemplate({ site, page }: TemplateProps<CategoryPage>) {
  return (
    <Document site={site} page={page}>
      <SidebarLayout site={site} page={page}>
        <div className="markdown">
          <h1>{page.index.title}</h1>
          {page.index.description ? <p className="lead">{page.index.description}</p> : null}
        </div>
        <ul className="card-grid">
          {page.cards.map((card) => (
            <li key={card.href}>
              <a className="card" href={card.href}>
                <span className="card__title">{card.label}</span>
                {card.description ? <span className="card__description">{card.description}</span> : null}
              </a>
            </li>
          ))}
        </ul>
      </SidebarLayout>
    </Document>
  );
}
