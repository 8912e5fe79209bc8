/**
 * The search UI, a separate bundle loaded on first use of the search box: results from the reader's
 * version's search files (searchData.ts), ranked by searchEngine.ts, shown as an ARIA combobox with a
 * listbox of results. "All versions" fetches the other versions' files when first ticked. Document text
 * only ever enters the page as text nodes, so a title written as markup shows as that markup.
 *
 * A query whose index shards are loaded shows its results at once; what it still needs (shards, the
 * results' texts) is fetched only once the query has stood for SETTLE_MS, so a reader typing fetches
 * nothing for the prefixes typed past.
 */
import { el, messageOf } from "./dom.ts";
import { readMeta, type PageMeta } from "./meta.ts";
import { searchFileNames, type SearchDocFile, type SearchIndexFile } from "./searchData.ts";
import { VersionIndex, type BeforeFetch, type SearchHit } from "./searchEngine.ts";
import { excerptOf, markParts } from "./searchText.ts";
import { highlightTerms } from "./searchTokens.ts";

const MAX_RESULTS = 10;
/** How long a query must stand before what it needs is fetched: longer than the pause between keys of a quick typist. */
const SETTLE_MS = 200;

/** Each version's index, fetched once for every box; a failed attempt is forgotten so that Retry fetches again. */
const indexes = new Map<string, Promise<VersionIndex>>();
const loaded = new Set<string>();

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

function loadVersion(meta: PageMeta, version: string): Promise<VersionIndex> {
  const known = indexes.get(version);
  if (known) return known;
  const names = searchFileNames(version, meta.latest);
  const read = (name: string) => fetchJson(`${meta.baseUrl}${name}`);
  const loading = Promise.all([read(names.doc), read(names.index)]).then(([docs, index]) => {
    loaded.add(version);
    return new VersionIndex(docs as SearchDocFile, index as SearchIndexFile, read);
  });
  loading.catch(() => {
    if (indexes.get(version) === loading) indexes.delete(version);
  });
  indexes.set(version, loading);
  return loading;
}

/**
 * The best hits over the indexes of `versions` (without their texts), fetching the shards they need after
 * `beforeFetch` (undefined when it gave up). A page of no version is in every version's files: it is shown once.
 */
async function searchVersions(indexes: VersionIndex[], query: string, beforeFetch: BeforeFetch): Promise<SearchHit[] | undefined> {
  const found = await Promise.all(indexes.map((index) => index.find(query, MAX_RESULTS, beforeFetch)));
  const lists = found.filter((hits): hits is SearchHit[] => hits !== undefined);
  if (lists.length < found.length) return undefined;
  const hits: SearchHit[] = [];
  const urls = new Set<string>();
  for (const hit of lists.flat().sort((a, b) => b.matched - a.matched || b.score - a.score)) {
    if (hits.length === MAX_RESULTS) break;
    if (urls.has(hit.url)) continue;
    urls.add(hit.url);
    hits.push(hit);
  }
  return hits;
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

  function option(hit: SearchHit, index: number, terms: string[], version: string): HTMLAnchorElement {
    // The title's words in a span of their own: the flex gap that keeps the version label apart falls
    // between the two spans, never between a mark and the rest of its word.
    const title = el("span", "search__result-title", el("span", "search__result-name", ...highlighted(hit.title, terms)));
    if (version) title.append(el("span", "search__result-version", version));
    const link = el("a", "search__result", title);
    if (hit.heading) link.append(el("span", "search__result-section", ...highlighted(hit.heading, terms)));
    link.href = hit.url;
    link.id = `${id}-${index}`;
    link.tabIndex = -1;
    link.setAttribute("role", "option");
    link.setAttribute("aria-selected", "false");
    return link;
  }

  /** Shows the hits, without their excerpts (see `addExcerpts`). */
  function show(hits: SearchHit[], query: string, meta: PageMeta, all: boolean, scope: string): void {
    const terms = highlightTerms(query);
    setActive(-1);
    options = hits.map((hit, i) => option(hit, i, terms, all && hit.version ? labelOf(meta, hit.version) : ""));
    listbox.replaceChildren(...options);
    const where = all ? "in all versions" : `in version ${labelOf(meta, scope)}`;
    status.textContent = hits.length ? `${hits.length} result${hits.length === 1 ? "" : "s"} ${where}` : `No results for “${query}” ${where}`;
  }

  /** Adds to the options shown for `hits` the excerpts of their texts (the same hits, with their texts). */
  function addExcerpts(hits: SearchHit[], query: string): void {
    const terms = highlightTerms(query);
    hits.forEach((hit, i) => {
      const excerpt = excerptOf(hit.text, terms);
      if (excerpt) options[i]?.append(el("span", "search__result-excerpt", ...highlighted(excerpt, terms)));
    });
  }

  const update = async (): Promise<void> => {
    const query = input.value.trim();
    const token = ++run;
    const changed = performance.now();
    /** Resolves, once this change has stood for SETTLE_MS, whether it is still the latest. */
    const settled = async (): Promise<boolean> => {
      const wait = changed + SETTLE_MS - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      return token === run;
    };
    if (!query) {
      listbox.removeAttribute("aria-busy");
      return setOpen(false);
    }
    setOpen(true);
    retry.hidden = true;
    // Busy until this query's results are in, excerpts and all: the status and options may still show the previous query's.
    listbox.setAttribute("aria-busy", "true");
    const meta = readMeta();
    const all = allVersions.checked;
    // Pages of no version (home) search the latest docs.
    const scope = meta.version ?? meta.latest;
    const versions = all ? meta.versions.map((v) => v.name) : [scope];
    if (!versions.every((v) => loaded.has(v))) {
      // The options go while the files load: the input must not point at one of them any more.
      setActive(-1);
      options = [];
      listbox.replaceChildren();
      status.textContent = "Loading the search index…";
    }
    try {
      const indexes = await Promise.all(versions.map((version) => loadVersion(meta, version)));
      const hits = await searchVersions(indexes, query, settled);
      if (hits === undefined || token !== run) return;
      show(hits, query, meta, all, scope);
      const byVersion = new Map(indexes.map((index) => [index.version, index]));
      const indexOf = (hit: SearchHit) => byVersion.get(hit.version)!;
      if (!hits.every((hit) => indexOf(hit).hasText(hit)) && !(await settled())) return;
      // Without its text a result still leads to its page: a failed text file only leaves out its excerpt.
      const withTexts = await Promise.all(hits.map((hit) => indexOf(hit).withText(hit).catch(() => hit)));
      if (token !== run) return;
      addExcerpts(withTexts, query);
      listbox.removeAttribute("aria-busy");
    } catch (error) {
      if (token !== run) return;
      listbox.removeAttribute("aria-busy");
      options = [];
      listbox.replaceChildren();
      status.textContent = messageOf(error);
      retry.hidden = false;
    }
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
