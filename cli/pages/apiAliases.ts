/**
 * Redirect pages keeping the routes TypeDoc up to 0.25 gave callable variables. It documented a `const X: FC<P>
 * = ...` as a function, at `<area>/function/<name>`, which is where sites built with it (Docusaurus' TypeDoc
 * plugin, so every migrated site) and the API snapshots it wrote have the item; the TypeDoc carta-docs runs
 * documents it as a variable on its area's page, so the old route redirects there.
 */
import type { ApiVersionModel } from "../api/model.ts";
import { itemLocation } from "../api/model.ts";
import type { DocsVersion } from "../content/versions.ts";
import { joinRoute } from "../util/routePath.ts";
import type { RedirectPage } from "./pages.ts";

/** The redirects of every callable variable of each version's API; `taken` are the routes pages already have. */
export function apiAliasPages(versions: readonly DocsVersion[], models: ReadonlyMap<string, ApiVersionModel>, url: string | undefined, taken: ReadonlySet<string>): RedirectPage[] {
  const pages: RedirectPage[] = [];
  for (const version of versions) {
    const model = models.get(version.name);
    for (const area of model?.areas ?? []) {
      for (const item of area.items) {
        if (!item.callable) continue;
        const route = joinRoute(version.apiPath, `${area.slug}/function/${item.name}`);
        if (taken.has(route)) continue;
        const to = joinRoute(version.apiPath, itemLocation(item));
        const canonical = url ? new URL(to, url).href : to;
        pages.push({ kind: "redirect", route, title: "Page moved", source: `API ${version.name}`, toc: [], unlisted: true, to, canonical });
      }
    }
  }
  return pages;
}
