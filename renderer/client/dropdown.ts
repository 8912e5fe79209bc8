/** Navbar dropdowns are <details> elements: close them on a click elsewhere, on a choice, and on Escape. */
import { closestTarget } from "./dom.ts";

export function initDropdowns(): void {
  document.addEventListener("click", (event) => {
    const inside = closestTarget(event, "details.dropdown");
    const chose = closestTarget(event, "details.dropdown a");
    for (const dropdown of document.querySelectorAll<HTMLDetailsElement>("details.dropdown[open]")) {
      if (dropdown !== inside || chose) dropdown.open = false;
    }
  });
  document.addEventListener("keydown", (event) => {
    const dropdown = event.key === "Escape" ? closestTarget<HTMLDetailsElement>(event, "details.dropdown[open]") : null;
    if (!dropdown) return;
    dropdown.open = false;
    dropdown.querySelector("summary")?.focus();
  });
}
