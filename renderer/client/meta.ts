/** The page's build-time facts, written by the Document component into <meta name="carta-docs">. */
export interface PageMeta {
  baseUrl: string;
  /** Docs version of the page, or null on home and not-found. */
  version: string | null;
  latest: string;
  versions: { name: string; label: string; docs: string; api: string }[];
  section: "docs" | "api" | null;
  breakpoint: number;
  progressDelay: number;
  announcement: string | null;
  /** The site's colour mode for readers who chose none. */
  defaultMode: "light" | "dark";
  /** Follow the system's colour mode instead of defaultMode (theme.respectPrefersColorScheme). */
  respectPrefersColorScheme: boolean;
}

export function readMeta(doc: Document = document): PageMeta {
  const content = doc.querySelector<HTMLMetaElement>('meta[name="carta-docs"]')?.content;
  return JSON.parse(content ?? "{}") as PageMeta;
}
