/** Small API model items for unit tests: every field an ApiItem needs, empty unless given. */
import type { ApiItem, ApiMember } from "../../cli/api/model.ts";

/** An item of the `.-stores` area (a class unless `extra` says otherwise) with `members`. */
export function apiItem(name: string, members: ApiMember[], extra: Partial<ApiItem> = {}): ApiItem {
  const kind = extra.kind ?? "class";
  return {
    name,
    kind,
    area: ".-stores",
    path: `.-stores/class/${name}`,
    summary: "",
    flags: [],
    typeParameters: [],
    signatures: [],
    members,
    extends: [],
    implements: [],
    extendedBy: [],
    implementedBy: [],
    declaration: `${kind} ${name}`,
    sources: [],
    ...extra,
  };
}
