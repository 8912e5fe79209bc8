import type { HomePage } from "../cli/pages/pages.ts";
import { Document } from "../renderer/components/Document.tsx";
import { PlainLayout } from "../renderer/components/Layout.tsx";
import { docsEntry, withBase } from "../renderer/links.ts";
import type { TemplateProps } from "./types.ts";

/** Hero with the logo, the tagline and the two entry points; the cards of the config; then the home page's own markdown. */
export default function HomeTemplate({ site, page }: TemplateProps<HomePage>) {
  const latest = site.lastVersion;
  const { logo, cards } = site.config.home;
  return (
    <Document site={site} page={page}>
      <PlainLayout site={site} page={page}>
        <article className="home">
          <header className="hero">
            <div className="hero__inner">
              {logo ? <img className="hero__logo" src={withBase(site, `/${logo.src.replace(/^\/+/, "")}`)} alt={logo.alt} width={96} height={96} /> : null}
              <h1 className="hero__title">{site.config.title}</h1>
              <p className="hero__tagline">{site.config.tagline}</p>
              <div className="hero__buttons">
                <a className="button button--primary" href={docsEntry(site, latest)} data-home-link="docs">
                  Read the docs
                </a>
                {site.config.api ? (
                  <a className="button button--secondary" href={latest.apiPath} data-home-link="api">
                    API reference
                  </a>
                ) : null}
              </div>
            </div>
          </header>
          {cards.length ? (
            <ul className="home-cards card-grid">
              {cards.map((card) => (
                <li key={card.href}>
                  <a className="card" href={withBase(site, card.href)}>
                    <span className="card__title">{card.title}</span>
                    {card.description ? <span className="card__description">{card.description}</span> : null}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="home-body markdown" dangerouslySetInnerHTML={{ __html: page.html }} />
        </article>
      </PlainLayout>
    </Document>
  );
}
