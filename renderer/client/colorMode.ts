/**
 * Colour mode: the head script applies the starting mode before first paint (colorModeChoice.ts); this
 * module handles the toggle, keeps tabs in step, and, on a site that follows the system's mode, follows
 * its changes until the reader picks a mode with the toggle.
 */
import { closestTarget } from "./dom.ts";
import type { PageMeta } from "./meta.ts";
import { onPage } from "./page.ts";
import { storedColorMode, SYSTEM_DARK, THEME_KEY, type Mode } from "./colorModeChoice.ts";
import { writeItem } from "./storage.ts";

function apply(mode: Mode): void {
  document.documentElement.dataset.theme = mode;
  for (const button of document.querySelectorAll<HTMLButtonElement>("[data-color-mode-toggle]")) {
    button.setAttribute("aria-label", `Switch between dark and light mode (currently ${mode} mode)`);
  }
}

function current(): Mode {
  return document.documentElement.dataset.theme === "dark" ? "dark" : "light";
}

export function initColorMode(meta: PageMeta): void {
  // Navigation brings new toggle buttons, whose labels were rendered for the default mode.
  onPage(() => apply(current()));
  document.addEventListener("click", (event) => {
    if (!closestTarget(event, "[data-color-mode-toggle]")) return;
    const next: Mode = current() === "dark" ? "light" : "dark";
    apply(next);
    writeItem(THEME_KEY, next);
  });
  window.addEventListener("storage", (event) => {
    if (event.key === THEME_KEY && (event.newValue === "dark" || event.newValue === "light")) apply(event.newValue);
  });
  if (meta.respectPrefersColorScheme) {
    window.matchMedia(SYSTEM_DARK).addEventListener("change", (event) => {
      if (!storedColorMode()) apply(event.matches ? "dark" : "light");
    });
  }
}
