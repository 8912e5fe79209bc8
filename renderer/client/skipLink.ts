/** "Skip to main content": focuses the main area without adding "#main" to the address and history. */
import { closestTarget } from "./dom.ts";

export function initSkipLink(): void {
  document.addEventListener("click", (event) => {
    const main = closestTarget(event, ".skip-link") ? document.getElementById("main") : null;
    if (!main) return;
    event.preventDefault();
    main.focus();
  });
}
