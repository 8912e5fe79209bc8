/** The announcement bar and the version banners (unreleased / unmaintained). */
import type { Page } from "../../cli/pages/pages.ts";
import type { SiteData } from "../../cli/pages/siteData.ts";
import { docsEntry } from "../links.ts";

export function AnnouncementBar({ site }: { site: SiteData }) {
  const bar = site.config.announcementBar;
  if (!bar) return null;
  return (
    <div className="announcement" role="region" aria-label="Announcement" data-announcement-id={bar.id}>
      {/* The content is the site author's HTML, as in Docusaurus, through the raw HTML allow-list (validateConfig). */}
      <div className="announcement__content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.dismissible ? (
        <button className="announcement__close" type="button" aria-label="Close the announcement" data-announcement-close hidden>
          ×
        </button>
      ) : null}
    </div>
  );
}

/** Link to the same page in the latest version, else where the latest version begins. */
function latestTarget(site: SiteData, page: Page): string {
  const target = page.versionTargets?.find((t) => t.version.isLast);
  return target?.href ?? (page.section === "api" ? site.lastVersion.apiPath : docsEntry(site, site.lastVersion));
}

export function VersionBanner({ site, page }: { site: SiteData; page: Page }) {
  const version = page.version;
  if (!version?.banner) return null;
  const latest = site.lastVersion;
  const text =
    version.banner === "unreleased"
      ? `This is unreleased documentation: version ${version.label} is still in development.`
      : `This is the documentation of version ${version.label}, which is no longer actively maintained.`;
  return (
    <div className="version-banner admonition admonition-warning" role="note">
      <p>{text}</p>
      <p>
        For up-to-date documentation, see the{" "}
        <a href={latestTarget(site, page)} data-version={latest.name} data-version-choice>
          <b>latest version</b>
        </a>{" "}
        ({latest.label}).
      </p>
    </div>
  );
}
