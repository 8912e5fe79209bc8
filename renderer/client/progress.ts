/** The thin progress bar at the top of the window, shown only when a page takes longer than `delay` ms. */
import { el } from "./dom.ts";

/** Starts the wait; the returned function completes the bar (if it was shown) once the page is shown. */
export function startProgress(delay: number): () => void {
  let bar: HTMLElement | undefined;
  const timer = window.setTimeout(() => {
    bar = el("div", "progress-bar");
    bar.setAttribute("aria-hidden", "true");
    document.body.append(bar);
    // Next frame, so the width transition starts from zero.
    requestAnimationFrame(() => bar?.classList.add("progress-bar--running"));
  }, delay);
  return () => {
    window.clearTimeout(timer);
    const shown = bar;
    if (!shown) return;
    shown.classList.add("progress-bar--done");
    window.setTimeout(() => shown.remove(), 400);
  };
}
