/**
 * Colour mode: light unless the reader chose otherwise (the system preference is not followed, as
 * the spec asks). Stored under "theme", the key the old site used, and synced across tabs. The head
 * script applies the stored mode before first paint; this module handles the toggle.
 */
import { closestTarget } from "./dom.ts";
import { onPage } from "./page.ts";
import { writeItem } from "./storage.ts";

const KEY = "theme";
type Mode = "light" | "dark";

function apply(mode: Mode): void {
  document.documentElement.dataset.theme = mode;
  for (const button of document.querySelectorAll<HTMLButtonElement>("[data-color-mode-toggle]")) {
    button.setAttribute("aria-label", `Switch between dark and light mode (currently ${mode} mode)`);
  }
}

function current(): Mode {
  return document.documentElement.dataset.theme === "dark" ? "dark" : "light";
}

export function initColorMode(): void {
  // Navigation brings new toggle buttons, whose labels were rendered for the default mode.
  onPage(() => apply(current()));
  document.addEventListener("click", (event) => {
    if (!closestTarget(event, "[data-color-mode-toggle]")) return;
    const next: Mode = current() === "dark" ? "light" : "dark";
    apply(next);
    writeItem(KEY, next);
  });
  window.addEventListener("storage", (event) => {
    if (event.key === KEY && (event.newValue === "dark" || event.newValue === "light")) apply(event.newValue);
  });
}
