/**
 * The mobile drawer. Without JavaScript the menu label toggles a hidden checkbox; here it becomes a
 * real button driving `body.menu-open`. The drawer closes on navigation, Escape, back/forward, a
 * click outside it, and when the window grows past the breakpoint (it never shows on desktop).
 */
import { closestTarget } from "./dom.ts";
import type { PageMeta } from "./meta.ts";
import { onPage } from "./page.ts";

const BUTTON = "[data-menu-button]";

function button(): HTMLElement | null {
  return document.querySelector<HTMLElement>(BUTTON);
}

function isOpen(): boolean {
  return document.body.classList.contains("menu-open");
}

function setOpen(open: boolean): void {
  document.body.classList.toggle("menu-open", open);
  button()?.setAttribute("aria-expanded", String(open));
}

export function initMobileMenu(meta: PageMeta): void {
  const narrow = window.matchMedia(`(max-width: ${meta.breakpoint}px)`);
  onPage(() => {
    const menu = button();
    if (menu) {
      menu.setAttribute("role", "button");
      menu.tabIndex = 0;
      menu.setAttribute("aria-controls", "sidebar");
    }
    // A new page is a navigation: the drawer closes.
    setOpen(false);
  });
  document.addEventListener("click", (event) => {
    if (closestTarget(event, BUTTON)) {
      event.preventDefault(); // the label would also tick the no-JS checkbox
      setOpen(!isOpen() && narrow.matches);
    } else if (isOpen() && !closestTarget(event, "#sidebar")) {
      setOpen(false);
    }
  });
  document.addEventListener("keydown", (event) => {
    if ((event.key === "Enter" || event.key === " ") && closestTarget(event, BUTTON)) {
      event.preventDefault();
      setOpen(!isOpen() && narrow.matches);
    } else if (event.key === "Escape" && isOpen()) {
      setOpen(false);
      button()?.focus();
    }
  });
  window.addEventListener("popstate", () => setOpen(false));
  window.addEventListener("pageshow", () => setOpen(false));
  narrow.addEventListener("change", () => {
    if (!narrow.matches) setOpen(false);
  });
}
