/**
 * A "Copy" button on every code block. Added here, not at build time, so that without JavaScript there is
 * no button that cannot work. It copies the code as text, without the prompts of shell sessions
 * (highlight.js marks them `prompt_`) or the signatures of linked names, and tells screen readers "Copied" through a live region.
 */
import { closestTarget, el } from "./dom.ts";
import { onPage } from "./page.ts";

const BLOCK = ".code-block";
/** Not part of the code: shell prompts (highlight.js marks them `prompt_`) and the signatures of linked names. */
const LEFT_OUT = ".prompt_, [role=tooltip]";
/** How long the button says "Copied". */
const SHOWN_MS = 2000;

/** The block's code as a reader would paste it. */
function codeText(block: Element): string {
  const code = block.querySelector("pre code");
  if (!code) return "";
  if (!code.querySelector(LEFT_OUT)) return code.textContent ?? "";
  const copy = code.cloneNode(true) as Element;
  for (const part of copy.querySelectorAll(LEFT_OUT)) part.remove();
  return copy.textContent ?? "";
}

/** The clipboard API needs a secure context (https or localhost); elsewhere the older copy command still works. */
async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  const area = el("textarea", "visually-hidden");
  area.value = text;
  area.setAttribute("readonly", "");
  document.body.append(area);
  area.select();
  const copied = document.execCommand("copy");
  area.remove();
  if (!copied) throw new Error("the browser refused to copy");
}

function addButtons(): void {
  for (const block of document.querySelectorAll(BLOCK)) {
    // Navigation swaps only the navbar and the main wrapper: a block elsewhere (the announcement bar's HTML) has its button already.
    if (block.querySelector(".copy-button")) continue;
    const button = el("button", "copy-button", "Copy");
    button.type = "button";
    button.setAttribute("aria-label", "Copy code to clipboard");
    const status = el("span", "visually-hidden");
    status.setAttribute("role", "status");
    block.append(button, status);
  }
}

function show(button: HTMLButtonElement, text: string): void {
  button.textContent = text;
  button.dataset.copied = "";
  const status = button.nextElementSibling;
  if (status) status.textContent = text;
  window.clearTimeout(Number(button.dataset.timer));
  button.dataset.timer = String(
    window.setTimeout(() => {
      button.textContent = "Copy";
      delete button.dataset.copied;
      if (status) status.textContent = "";
    }, SHOWN_MS),
  );
}

export function initCodeCopy(): void {
  onPage(addButtons);
  document.addEventListener("click", (event) => {
    const button = closestTarget<HTMLButtonElement>(event, ".copy-button");
    const block = button?.closest(BLOCK);
    if (!button || !block) return;
    writeClipboard(codeText(block)).then(
      () => show(button, "Copied"),
      () => {
        // The code is selected instead, for the reader to copy by hand.
        const code = block.querySelector("pre code");
        if (code) window.getSelection()?.selectAllChildren(code);
        show(button, "Press Ctrl+C to copy");
      },
    );
  });
}
