import type { Diagnostics } from "../util/diagnostics.ts";
import path from "node:path";
import type { SiteData } from "../pages/siteData.ts";

/** Navbar items that name a sidebar must name one that exists in every version. */
export function checkNavbar(site: SiteData, diagnostics: Diagnostics): void {
  const file = path.relative(site.config.siteDir, site.config.configFile);
  site.config.navbar.items.forEach((item, index) => {
    if (item.type === "docSidebar") {
      for (const version of site.versions) {
        const ids = Object.keys(site.sidebars.get(version.name) ?? {});
        if (!ids.includes(item.sidebarId)) {
          diagnostics.error("navbar-sidebar", `navbar item ${index + 1} ("${item.label}") names the sidebar "${item.sidebarId}", which version ${version.label} does not have; available sidebar ids: ${ids.join(", ") || "(none)"}`, { file });
        }
      }
    }
    if (item.type === "api" && !site.config.api) {
      diagnostics.error("navbar-api", `navbar item ${index + 1} ("${item.label}") links to the API reference, but the config has no "api" section`, { file });
    }
  });
}
