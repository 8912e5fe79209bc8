/**
 * Colour mode: light unless the reader chose otherwise (the system preference is not followed, as
 * the spec asks). Stored under "theme", the key the old site used, and synced across tabs.
 */
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
  apply(current());
  document.addEventListener("click", (event) => {
    const button = (event.target as Element | null)?.closest?.("[data-color-mode-toggle]");
    if (!button) return;
    const next: Mode = current() === "dark" ? "light" : "dark";
    apply(next);
    try {
      localStorage.setItem(KEY, next);
    } catch {
      /* storage may be unavailable (private mode); the choice then lasts for this page only */
    }
  });
  window.addEventListener("storage", (event) => {
    if (event.key === KEY && (event.newValue === "dark" || event.newValue === "light")) apply(event.newValue);
  });
}
