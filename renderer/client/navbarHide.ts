/** Hide-on-scroll navbar (when the config enables it): hidden while scrolling down, back on scrolling up or on focus. */

export function initNavbarHide(): void {
  let lastY = window.scrollY;
  window.addEventListener(
    "scroll",
    () => {
      const y = window.scrollY;
      const navbar = document.querySelector<HTMLElement>("nav.navbar--hideable");
      if (navbar && y !== lastY) {
        const down = y > lastY;
        // Never hide what the reader is using: a focused navbar item or the open drawer.
        const busy = navbar.contains(document.activeElement) || document.body.classList.contains("menu-open");
        navbar.classList.toggle("navbar--hidden", down && y > navbar.offsetHeight && !busy);
      }
      lastY = y;
    },
    { passive: true },
  );
  document.addEventListener("focusin", (event) => {
    if (event.target instanceof Element) event.target.closest("nav.navbar")?.classList.remove("navbar--hidden");
  });
}
