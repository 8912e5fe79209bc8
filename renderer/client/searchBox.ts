/**
 * The navbar search box, up front: takes the box over from its plain form (which, without JavaScript, leads
 * to the search page), adds the Ctrl+K / Cmd+K and "/" shortcuts, and loads the search bundle (the engine
 * and the results UI) only when the box is first used. On the search page, the query of its URL goes into
 * the box.
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
  if (!input || box.dataset.ready !== undefined) return;
  box.dataset.ready = "";
  // Results come in place: the form's submission (to the page for browsers without JavaScript) is not needed.
  box.addEventListener("submit", (event) => event.preventDefault());
  input.addEventListener("focus", () => mount(box));
  input.addEventListener("input", () => mount(box));
}

/** On the search page (reached with JavaScript on, by a link or a bookmark): its query searched in the navbar's box. */
function fillSearchPage(): void {
  const explanation = document.querySelector("[data-search-page]");
  const input = document.querySelector<HTMLInputElement>("nav.navbar [data-search] .search__input");
  if (!explanation || !input) return;
  explanation.textContent = "Type in the search box at the top of the page; results show as you type.";
  const query = new URLSearchParams(location.search).get("q");
  if (!query) return;
  input.value = query;
  input.focus();
}

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || target.closest("input, textarea, select") !== null);
}

export function initSearchBox(): void {
  onPage(() => {
    document.querySelectorAll<HTMLElement>("[data-search]").forEach(enable);
    fillSearchPage();
  });
  document.addEventListener("keydown", (event) => {
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
    const shortcut = (event.key.toLowerCase() === "k" && (event.ctrlKey || event.metaKey) && !event.altKey) || (event.key === "/" && plain && !isTyping(event.target));
    if (!shortcut) return;
    // The navbar's box is the visible one; the drawer's copy stays hidden.
    const input = document.querySelector<HTMLInputElement>("nav.navbar [data-search][data-ready] .search__input");
    if (!input) return;
    event.preventDefault();
    input.focus();
    input.select();
  });
}
