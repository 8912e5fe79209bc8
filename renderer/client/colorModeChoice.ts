/**
 * Which colour mode a page starts in: the reader's stored choice (key "theme", as the old Docusaurus site
 * used); else, when the site follows the system (respectPrefersColorScheme), the system's; else the
 * site's default. Shared by the head script and the runtime.
 */
import type { PageMeta } from "./meta.ts";
import { readItem } from "./storage.ts";

export type Mode = "light" | "dark";
export const THEME_KEY = "theme";
export const SYSTEM_DARK = "(prefers-color-scheme: dark)";

export function storedColorMode(): Mode | null {
  const stored = readItem(THEME_KEY);
  return stored === "dark" || stored === "light" ? stored : null;
}

export function initialColorMode(meta: PageMeta): Mode {
  const stored = storedColorMode();
  if (stored) return stored;
  if (meta.respectPrefersColorScheme) return window.matchMedia(SYSTEM_DARK).matches ? "dark" : "light";
  return meta.defaultMode;
}
