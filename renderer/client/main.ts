/** The browser runtime's entry: every behaviour is a small module started here. */
import { initAnnouncement } from "./announcement.ts";
import { underBaseUrl } from "./baseUrlCheck.ts";
import { initCategories } from "./categories.ts";
import { initCodeCopy } from "./codeCopy.ts";
import { initColorMode } from "./colorMode.ts";
import { initCopyMarkdown } from "./copyMarkdown.ts";
import { messageOf } from "./dom.ts";
import { initDropdowns } from "./dropdown.ts";
import { linkRoute } from "./links.ts";
import { initMobileMenu } from "./mobileMenu.ts";
import { initNavbarHide } from "./navbarHide.ts";
import { initNavigation } from "./navigation.ts";
import { pageMeta } from "./page.ts";
import { initPrefetch } from "./prefetch.ts";
import { initSearchBox } from "./searchBox.ts";
import { initSkipLink } from "./skipLink.ts";
import { initTocSpy } from "./tocSpy.ts";
import { initVersions } from "./versions.ts";

const meta = pageMeta();
const behaviours: [string, () => void][] = [
  ["colour mode", () => initColorMode(meta)],
  ["announcement bar", initAnnouncement],
  ["versions", initVersions],
  ["dropdowns", initDropdowns],
  ["search box", initSearchBox],
  ["mobile menu", () => initMobileMenu(meta)],
  ["navbar hiding", initNavbarHide],
  ["sidebar categories", initCategories],
  ["skip link", initSkipLink],
  ["copy buttons", initCodeCopy],
  ["table of contents", initTocSpy],
  ["copy page as markdown", initCopyMarkdown],
  [
    "navigation",
    () => {
      // Under a wrong base path (the head script says so), links lead elsewhere than the runtime would think: leave them to the browser.
      if (!underBaseUrl(meta)) return;
      initNavigation(meta);
      initPrefetch((link) => linkRoute(link, meta.baseUrl));
    },
  ],
];
// Each behaviour starts on its own: one failing must not take the others (or the static page) down.
for (const [name, start] of behaviours) {
  try {
    start();
  } catch (error) {
    console.error(`carta-docs: the ${name} could not start: ${messageOf(error)}`, error);
  }
}
