/**
 * The navbar search box, up front: enables the input, adds the Ctrl+K / Cmd+K and "/" shortcuts, and
 * loads the search bundle (fuse.js and the results UI) only when the box is first used.
 */
import { messageOf } from "./dom.ts";
import { onPage } from "./page.ts";
import type { mountSearch } from "./search.ts";

type SearchModule = { mountSearch: typeof mountSearch };

const mounting = new WeakMap<HTMLElement, Promise<void>>();

function mount(box: HTMLElement): void {
  const url = box.dataset.module;
  if (!url || mounting.has(box)) return;
  const loaded = (import(url) as Promise<SearchModule>).then(
    (module) => module.mountSearch(box),
    (error: unknown) => {
      // Forget the attempt, so the next focus tries again (the bundle may have been a network blip).
      mounting.delete(box);
      console.warn(`carta-docs: could not load the search bundle ${url}: ${messageOf(error)}`);
    },
  );
  mounting.set(box, loaded);
}

function enable(box: HTMLElement): void {
  const input = box.querySelector<HTMLInputElement>(".search__input");
  if (!input?.disabled) return;
  input.disabled = false;
  if (box.dataset.placeholder) input.placeholder = box.dataset.placeholder;
  input.addEventListener("focus", () => mount(box));
  input.addEventListener("input", () => mount(box));
}

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || target.closest("input, textarea, select") !== null);
}

export function initSearchBox(): void {
  onPage(() => document.querySelectorAll<HTMLElement>("[data-search]").forEach(enable));
  document.addEventListener("keydown", (event) => {
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
    const shortcut = (event.key.toLowerCase() === "k" && (event.ctrlKey || event.metaKey) && !event.altKey) || (event.key === "/" && plain && !isTyping(event.target));
    if (!shortcut) return;
    // The navbar's box is the visible one; the drawer's copy stays hidden.
    const input = document.querySelector<HTMLInputElement>("nav.navbar [data-search] .search__input:not(:disabled)");
    if (!input) return;
    event.preventDefault();
    input.focus();
    input.select();
  });
}
