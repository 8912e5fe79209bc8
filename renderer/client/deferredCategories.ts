/**
 * Categories of a large sidebar drawn without their items (renderer/sidebarFile.ts): their items come from
 * the version's sidebar file, fetched once per page load (the browser caches it; its name carries its hash)
 * and put in place the first time such a category opens.
 */

/** The file's lists by its URL: one fetch, shared by every category and by the pages instant navigation shows. */
const files = new Map<string, Promise<Record<string, string>>>();

function sidebarFile(url: string): Promise<Record<string, string>> {
  let file = files.get(url);
  if (!file) {
    file = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return response.json() as Promise<Record<string, string>>;
    });
    // A failed fetch (offline) may succeed later: it is not kept.
    file.catch(() => files.delete(url));
    files.set(url, file);
  }
  return file;
}

/** The category's own link: where it leads without its items, and the key of its items in the file. */
export function categoryLink(details: HTMLDetailsElement): string | null {
  return details.parentElement?.querySelector(":scope > a[href]")?.getAttribute("href") ?? null;
}

/**
 * The category's label, the key of its open or closed state: the text of its label element, the link beside its
 * <details> or, for a category without a link, the label in its summary.
 */
export function categoryLabel(details: HTMLDetailsElement): string {
  const label = details.parentElement?.querySelector(":scope > .menu__link--category") ?? details.querySelector(":scope > summary > .menu__link--category");
  return label?.textContent ?? "";
}

export function isDeferred(details: HTMLDetailsElement): boolean {
  return details.hasAttribute("data-deferred");
}

/**
 * Puts a deferred category's items in place; true once they are (at once for a category drawn whole), false when
 * the file or its entry cannot be had.
 */
export async function fillCategory(details: HTMLDetailsElement): Promise<boolean> {
  if (!isDeferred(details)) return true;
  const url = details.closest("nav[data-sidebar-file]")?.getAttribute("data-sidebar-file");
  const href = categoryLink(details);
  if (!url || !href) return false;
  let lists: Record<string, string>;
  try {
    lists = await sidebarFile(url);
  } catch {
    return false;
  }
  const html = lists[href];
  if (html === undefined) return false;
  // Two opens may have waited for the same fetch: the first one fills.
  if (isDeferred(details)) {
    details.insertAdjacentHTML("beforeend", html);
    details.removeAttribute("data-deferred");
  }
  return true;
}
