/**
 * Web storage that never throws: storage can be disabled or full (private browsing, strict privacy
 * settings), and a remembered preference is never worth breaking the page for.
 */
type Area = "local" | "session";

function area(which: Area): Storage | null {
  try {
    return which === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readItem(key: string, which: Area = "local"): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string, which: Area = "local"): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    /* the preference then lasts for this page only */
  }
}

export function removeItem(key: string, which: Area = "local"): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    /* nothing stored that could be removed */
  }
}
