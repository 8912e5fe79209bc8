import type { HomePage } from "../cli/site/pages.ts";
import { Document } from "../renderer/components/Document.tsx";
import { PlainLayout } from "../renderer/components/Layout.tsx";
import { docsEntry } from "../renderer/links.ts";
import type { TemplateProps } from "./types.ts";

/** Hero with the tagline and the two entry points, then the home page's own markdown. */
export default function HomeTemplate({ site, page }: TemplateProps<HomePage>) {
  const latest = site.lastVersion;
  return (
    <Document site={site} page={page}>
      <PlainLayout site={site} page={page}>
        <article className="home">
          <header className="hero">
            <div className="hero__inner">
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
          <div className="home-body markdown" dangerouslySetInnerHTML={{ __html: page.html }} />
        </article>
      </PlainLayout>
    </Document>
  );
}
