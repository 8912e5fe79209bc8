/**
 * The dismissible announcement bar, with the old Docusaurus storage keys. A dismissal holds for one
 * bar id: a new id shows the bar again. The head script hides a dismissed bar before first paint
 * through the same html attribute this module sets.
 */
import { readItem, writeItem } from "./storage.ts";

/** Storage keys, read by the head script too. */
export const DISMISSED = "docusaurus.announcement.dismiss";
export const ID = "docusaurus.announcement.id";

function setDismissed(dismissed: boolean): void {
  document.documentElement.toggleAttribute("data-announcement-dismissed", dismissed);
}

export function initAnnouncement(): void {
  const bar = document.querySelector<HTMLElement>(".announcement[data-announcement-id]");
  const id = bar?.dataset.announcementId;
  if (!bar || !id) return;
  if (readItem(ID) !== id) {
    writeItem(ID, id);
    writeItem(DISMISSED, "false");
  }
  setDismissed(readItem(DISMISSED) === "true");
  const close = bar.querySelector<HTMLButtonElement>("[data-announcement-close]");
  if (!close) return;
  close.hidden = false;
  close.addEventListener("click", () => {
    writeItem(DISMISSED, "true");
    setDismissed(true);
    // The focused button disappears with the bar: keep keyboard users at the top of the page.
    document.querySelector<HTMLElement>(".skip-link")?.focus();
  });
}
