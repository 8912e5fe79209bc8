/**
 * The search UI, a separate bundle loaded on first use of the search box: results ranked by
 * searchRank.ts (word matching, with fuse.js over the prebuilt index as the fallback for typos), shown as an ARIA combobox with a listbox of results. Document text only ever enters
 * the page as text nodes, so a title written as markup shows as that markup.
 */
import Fuse from "fuse.js";
import type { SearchDoc } from "../../cli/site/search.ts";
import { el, messageOf } from "./dom.ts";
import { readMeta, type PageMeta } from "./meta.ts";
import { FUSE_OPTIONS } from "./searchKeys.ts";
import { rankDocs, type SearchEngine } from "./searchRank.ts";
import { excerptOf, markParts, queryTerms } from "./searchText.ts";

const MAX_RESULTS = 10;

type Engine = SearchEngine;
let engine: Promise<Engine> | undefined;
let ready = false;

async function fetchJson(url: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new Error(`Could not load the search index ${url}: ${messageOf(error)}`);
  }
  if (!response.ok) throw new Error(`Could not load the search index ${url}: the server answered ${response.status}`);
  return response.json();
}

/** Both search files, fetched once for every box; a failed attempt is forgotten so that Retry fetches again. */
function loadEngine(baseUrl: string): Promise<Engine> {
  if (engine) return engine;
  const loading = Promise.all([fetchJson(`${baseUrl}search-doc.json`), fetchJson(`${baseUrl}search-index.json`)]).then(([docs, index]) => {
    ready = true;
    const all = docs as SearchDoc[];
    return { docs: all, fuse: new Fuse(all, FUSE_OPTIONS, Fuse.parseIndex<SearchDoc>(index as Parameters<typeof Fuse.parseIndex>[0])) };
  });
  loading.catch(() => {
    if (engine === loading) engine = undefined;
  });
  return (engine = loading);
}

function labelOf(meta: PageMeta, name: string): string {
  return meta.versions.find((v) => v.name === name)?.label ?? name;
}

function highlighted(text: string, terms: string[]): (Node | string)[] {
  return markParts(text, terms).map((part) => (part.match ? el("mark", "", part.text) : part.text));
}

let boxes = 0;

export function mountSearch(box: HTMLElement): void {
  const input = box.querySelector<HTMLInputElement>(".search__input");
  if (!input || box.querySelector(".search__panel")) return;
  const id = `search-results-${++boxes}`;

  const allVersions = el("input", "");
  allVersions.type = "checkbox";
  const status = el("p", "search__status");
  status.setAttribute("role", "status");
  const retry = el("button", "search__retry", "Retry");
  retry.type = "button";
  retry.hidden = true;
  const listbox = el("div", "search__results");
  listbox.id = id;
  listbox.setAttribute("role", "listbox");
  listbox.setAttribute("aria-label", "Search results");
  const panel = el("div", "search__panel", el("div", "search__header", status, el("label", "search__scope", allVersions, "All versions")), retry, listbox);
  panel.hidden = true;
  box.append(panel);
  input.setAttribute("role", "combobox");
  input.setAttribute("aria-autocomplete", "list");
  input.setAttribute("aria-controls", id);
  input.setAttribute("aria-expanded", "false");

  let options: HTMLAnchorElement[] = [];
  let active = -1;
  let run = 0;

  const setActive = (index: number): void => {
    options[active]?.setAttribute("aria-selected", "false");
    active = index;
    const option = options[index];
    if (!option) return input.removeAttribute("aria-activedescendant");
    option.setAttribute("aria-selected", "true");
    input.setAttribute("aria-activedescendant", option.id);
    option.scrollIntoView({ block: "nearest" });
  };

  const setOpen = (open: boolean): void => {
    panel.hidden = !open;
    input.setAttribute("aria-expanded", String(open));
    if (!open) setActive(-1);
  };

  function option(doc: SearchDoc, index: number, terms: string[], version: string): HTMLAnchorElement {
    const title = el("span", "search__result-title", ...highlighted(doc.t, terms));
    if (version) title.append(el("span", "search__result-version", version));
    const link = el("a", "search__result", title);
    if (doc.s) link.append(el("span", "search__result-section", ...highlighted(doc.s, terms)));
    const excerpt = excerptOf(doc.x, terms);
    if (excerpt) link.append(el("span", "search__result-excerpt", ...highlighted(excerpt, terms)));
    link.href = doc.u;
    link.id = `${id}-${index}`;
    link.tabIndex = -1;
    link.setAttribute("role", "option");
    link.setAttribute("aria-selected", "false");
    return link;
  }

  function show(engine: Engine, query: string, meta: PageMeta): void {
    const all = allVersions.checked;
    // Pages of no version (home) search the latest docs; unversioned documents belong to every scope.
    const scope = meta.version ?? meta.latest;
    const hits = rankDocs(engine, query, (doc) => all || doc.v === scope || doc.v === "", MAX_RESULTS);
    const terms = queryTerms(query);
    setActive(-1);
    options = hits.map((doc, i) => option(doc, i, terms, all && doc.v ? labelOf(meta, doc.v) : ""));
    listbox.replaceChildren(...options);
    const where = all ? "in all versions" : `in version ${labelOf(meta, scope)}`;
    status.textContent = hits.length ? `${hits.length} result${hits.length === 1 ? "" : "s"} ${where}` : `No results for “${query}” ${where}`;
  }

  const update = async (): Promise<void> => {
    const query = input.value.trim();
    const token = ++run;
    if (!query) return setOpen(false);
    setOpen(true);
    retry.hidden = true;
    const meta = readMeta();
    if (!ready) {
      listbox.replaceChildren();
      status.textContent = "Loading the search index…";
    }
    let engine: Engine;
    try {
      engine = await loadEngine(meta.baseUrl);
    } catch (error) {
      if (token !== run) return;
      options = [];
      status.textContent = messageOf(error);
      retry.hidden = false;
      return;
    }
    if (token === run) show(engine, query, meta);
  };

  input.addEventListener("input", () => void update());
  input.addEventListener("focus", () => {
    if (input.value.trim()) void update();
  });
  allVersions.addEventListener("change", () => void update());
  retry.addEventListener("click", () => void update());
  input.addEventListener("keydown", (event) => {
    const count = options.length;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (panel.hidden) return void update();
      if (count === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive(active === -1 ? (step > 0 ? 0 : count - 1) : (active + step + count) % count);
    } else if (event.key === "Enter") {
      const chosen = options[active] ?? options[0];
      if (panel.hidden || !chosen) return;
      event.preventDefault();
      chosen.click();
    }
  });
  panel.addEventListener("keydown", (event) => {
    if (event.key === "Escape") input.focus();
  });
  box.addEventListener("keydown", (event) => {
    // Escape closes the results; with them closed, the browser's own Escape (clearing the field) applies.
    if (event.key !== "Escape" || panel.hidden) return;
    event.preventDefault();
    setOpen(false);
  });
  // Clicks inside the panel keep the focus in the input, so the combobox stays open and keyboard-driven.
  panel.addEventListener("mousedown", (event) => event.preventDefault());
  // A chosen result is a link: navigation takes over from here.
  listbox.addEventListener("click", () => setOpen(false));
  box.addEventListener("focusout", (event) => {
    if (!(event.relatedTarget instanceof Node && box.contains(event.relatedTarget))) setOpen(false);
  });

  if (input.value.trim() && document.activeElement === input) void update();
}
