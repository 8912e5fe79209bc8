import type { SiteData } from "../../cli/pages/siteData.ts";
import { isExternal, withBase } from "../links.ts";
import { renderedOnce } from "./renderedOnce.tsx";

export function Footer({ site }: { site: SiteData }) {
  return <footer className="footer" dangerouslySetInnerHTML={{ __html: renderedOnce(site, "footer", () => <FooterInner site={site} />) }} />;
}

function FooterInner({ site }: { site: SiteData }) {
  const { footer } = site.config;
  return (
    <div className="footer__inner">
      {footer.links.length ? (
        <div className="footer__columns">
          {footer.links.map((column) => (
            <div className="footer__column" key={column.title}>
              <p className="footer__title">{column.title}</p>
              <ul>
                {column.items.map((item) => (
                  <li key={item.label}>
                    <a href={withBase(site, item.href)} rel={isExternal(item.href) ? "noopener noreferrer" : undefined}>
                      {item.label}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      ) : null}
      {footer.copyright ? <p className="footer__copyright">{footer.copyright}</p> : null}
    </div>
  );
}
