import type { RedirectPage } from "../cli/pages/pages.ts";
import type { TemplateProps } from "./types.ts";

/**
 * A page that moved (the config's `redirects`): crawlers read the canonical link, browsers follow the refresh at
 * once, and a script (when it runs) carries the old URL's `#anchor` over, which the refresh cannot. No chrome:
 * nobody reads it for longer than a blink, and with both off the link says where the page went.
 */
export default function RedirectTemplate({ site, page }: TemplateProps<RedirectPage>) {
  const { config } = site;
  // Inside a <script>, "</" would end it: JSON escapes nothing of that, so "<" goes as its escape.
  const target = JSON.stringify(page.to).replace(/</g, "\\u003c");
  const script = `location.replace(${target}${page.to.includes("#") ? "" : "+location.hash"});`;
  return (
    <html lang={config.locale.lang} dir={config.locale.direction}>
      <head>
        <meta charSet="utf-8" />
        <title>{`Page moved | ${config.title}`}</title>
        <meta name="robots" content="noindex" />
        <link rel="canonical" href={page.canonical} />
        <meta httpEquiv="refresh" content={`0; url=${page.to}`} />
        <script dangerouslySetInnerHTML={{ __html: script }} />
      </head>
      <body>
        <p>
          This page has moved to <a href={page.to}>{page.canonical}</a>.
        </p>
      </body>
    </html>
  );
}
