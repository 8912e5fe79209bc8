/**
 * The script inlined in every page's head, run before first paint and before any asset loads, so it works
 * even when the stylesheet and the runtime do not (a site served under the wrong base path). Kept tiny:
 * it marks the page as run with scripts, applies the colour mode (the stored choice, else the system's when
 * the site follows it), hides an announcement bar the reader closed, and shows the wrong-base-URL banner.
 */
import { DISMISSED, ID } from "./announcement.ts";
import { showBaseUrlBanner, underBaseUrl } from "./baseUrlCheck.ts";
import { readMeta } from "./meta.ts";
import { initialColorMode } from "./colorModeChoice.ts";
import { readItem } from "./storage.ts";

const root = document.documentElement;
// Scripts run: the search box says "Loading..." until the runtime takes it over (navbar.css); a page read
// without JavaScript, never marked, shows the box's placeholder from the start.
root.dataset.js = "";
const meta = readMeta();
root.dataset.theme = initialColorMode(meta);
if (readItem(DISMISSED) === "true" && readItem(ID) === meta.announcement) {
  root.dataset.announcementDismissed = "";
}
if (!underBaseUrl(meta)) {
  document.addEventListener("DOMContentLoaded", () => showBaseUrlBanner(meta));
}
