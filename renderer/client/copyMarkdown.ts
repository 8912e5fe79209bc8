/**
 * "Copy page as Markdown": a button beside the page title that puts the page's markdown twin (the head's
 * `<link rel="alternate" type="text/markdown">`) on the clipboard, for pasting into an AI assistant. Made
 * here, so that without JavaScript there is no button that could not work; a page without a twin gets none.
 * The outcome is announced in a status region beside it.
 */
import { el, messageOf } from "./dom.ts";
import { onPage } from "./page.ts";

const TWIN = 'link[rel="alternate"][type="text/markdown"]';

export function initCopyMarkdown(): void {
  onPage(addControl);
}

function addControl(): void {
  const href = document.head.querySelector(TWIN)?.getAttribute("href");
  // The title of a docs or API page; the home page's hero is laid out on its own and gets no control.
  const title = document.querySelector("#main .docs-article h1");
  if (!href || !title || title.closest(".page-title")) return;
  const button = el("button", "copy-page", "Copy page as Markdown");
  button.type = "button";
  const status = el("span", "copy-page__status");
  status.setAttribute("role", "status");
  button.addEventListener("click", () => void copy(href, status));
  const bar = el("div", "page-title");
  title.replaceWith(bar);
  bar.append(title, el("span", "copy-page__control", button, status));
}

async function copy(href: string, status: HTMLElement): Promise<void> {
  status.textContent = "";
  try {
    const text = fetch(href).then((response) => (response.ok ? response.text() : Promise.reject(new Error(`the server answered ${response.status}`))));
    // A clipboard item that waits for the text keeps the click's permission in browsers that want it used at once.
    if (typeof ClipboardItem === "function") await navigator.clipboard.write([new ClipboardItem({ "text/plain": text.then((t) => new Blob([t], { type: "text/plain" })) })]);
    else await navigator.clipboard.writeText(await text);
    status.textContent = "Copied the page as Markdown";
  } catch (error) {
    status.textContent = `Could not copy the page: ${messageOf(error)}`;
  }
}
