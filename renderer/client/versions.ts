/**
 * The preferred docs version. Choosing a version (dropdown or the banner's latest-version link)
 * remembers its name; merely visiting a page does not. Pages of no version (home, not-found) then
 * lead to the preferred version instead of the latest. A version switch keeps the query and hash.
 */
import { closestTarget } from "./dom.ts";
import type { PageMeta } from "./meta.ts";
import { onPage } from "./page.ts";
import { readItem, removeItem, writeItem } from "./storage.ts";

/** The key the old Docusaurus site used, so readers keep their choice. */
const KEY = "docs-preferred-version-default";
const CHOICES = ".version-dropdown a[data-version], a[data-version-choice]";

type Version = PageMeta["versions"][number];

/** The stored version, if it still exists; a stale name (a version since removed) is forgotten. */
function preferredVersion(meta: PageMeta): Version | undefined {
  const name = readItem(KEY);
  if (name === null) return undefined;
  const version = meta.versions.find((v) => v.name === name);
  if (!version) removeItem(KEY);
  return version;
}

function leadTo(version: Version): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-nav], a[data-home-link]")) {
    link.href = (link.dataset.nav ?? link.dataset.homeLink) === "api" ? version.api : version.docs;
  }
  for (const summary of document.querySelectorAll(".version-dropdown > summary")) {
    summary.textContent = version.label;
    summary.setAttribute("aria-label", `Docs version: ${version.label}`);
  }
  for (const link of document.querySelectorAll<HTMLAnchorElement>(".version-dropdown a[data-version]")) {
    const chosen = link.dataset.version === version.name;
    link.classList.toggle("dropdown__link--active", chosen);
    if (chosen) link.setAttribute("aria-current", "true");
    else link.removeAttribute("aria-current");
  }
}

export function initVersions(): void {
  onPage((meta) => {
    const preferred = preferredVersion(meta);
    if (preferred && !meta.version) leadTo(preferred);
  });
  // Capture phase: the link must carry the query and hash before navigation reads its href.
  document.addEventListener(
    "click",
    (event) => {
      const link = closestTarget<HTMLAnchorElement>(event, CHOICES);
      if (!link?.dataset.version) return;
      writeItem(KEY, link.dataset.version);
      const target = new URL(link.href);
      if (!target.search) target.search = location.search;
      if (!target.hash) target.hash = location.hash;
      link.href = target.href;
    },
    true,
  );
}
