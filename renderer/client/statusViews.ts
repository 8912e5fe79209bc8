/** What the main area shows while a page loads, when a page cannot be shown, and when the runtime crashed. */
import { el, messageOf } from "./dom.ts";

function button(label: string, onClick: () => void): HTMLButtonElement {
  const node = el("button", "button button--primary", label);
  node.type = "button";
  node.addEventListener("click", onClick);
  return node;
}

/** Shows a spinner in the main area once the wait passes `delay` ms; the returned function removes it. */
export function spinnerAfter(delay: number): () => void {
  let spinner: HTMLElement | undefined;
  const timer = window.setTimeout(() => {
    spinner = el("div", "page-spinner", el("span", "visually-hidden", "Loading the page…"));
    spinner.setAttribute("role", "status");
    document.getElementById("main")?.append(spinner);
  }, delay);
  return () => {
    window.clearTimeout(timer);
    spinner?.remove();
  };
}

/** Replaces the main area with the error and a Retry button. */
export function showLoadError(message: string, retry: () => void): void {
  const main = document.getElementById("main");
  if (!main) return;
  const retryButton = button("Retry", retry);
  const view = el("div", "page-error", el("h1", "", "This page could not be loaded"), el("p", "page-error__message", message), retryButton);
  view.setAttribute("role", "alert");
  main.replaceChildren(view);
  retryButton.focus();
}

/** The messages of the error's `cause` chain (bounded: a chain can loop). */
export function causesOf(error: unknown): string[] {
  const causes: string[] = [];
  for (let cause = error instanceof Error ? error.cause : undefined; cause !== undefined && causes.length < 10; cause = cause instanceof Error ? cause.cause : undefined) {
    causes.push(messageOf(cause));
  }
  return causes;
}

/** The crash view: what failed, why (its causes), and a way to try again. */
export function showCrash(error: unknown, tryAgain: () => void): void {
  console.error(error);
  const heading = el("h1", "", "This page crashed");
  heading.tabIndex = -1;
  const causes = causesOf(error);
  const view = el("div", "crash-view", heading, el("p", "crash-view__message", messageOf(error)));
  if (causes.length) view.append(el("ul", "crash-view__causes", ...causes.map((cause) => el("li", "", `Cause: ${cause}`))));
  view.append(
    button("Try again", () => {
      view.remove();
      tryAgain();
    }),
  );
  view.setAttribute("role", "alert");
  const host = document.querySelector(".main-wrapper");
  if (host) host.replaceChildren(view);
  else document.body.append(view);
  heading.focus();
}
