import type { ApiArea, ApiItem } from "../../cli/api/model.ts";
import { areaGroups } from "./ApiAreaArticle.tsx";
import { memberGroups } from "./ApiItemArticle.tsx";
import { groupId } from "./labels.ts";

export interface ApiTocEntry {
  depth: number;
  text: string;
  id: string;
}

/** Table of contents of an item page: member groups (h2) and members (h3). */
export function apiToc(item: ApiItem): ApiTocEntry[] {
  return memberGroups(item).flatMap(({ title, members }) => [
    { depth: 2, text: title, id: groupId(title) },
    ...members.map((member) => ({ depth: 3, text: member.name, id: member.anchor })),
  ]);
}

/** Table of contents of an area page: kinds (h2), and the type aliases and variables documented there (h3). */
export function apiAreaToc(area: ApiArea): ApiTocEntry[] {
  return areaGroups(area).flatMap(({ title, items }) => [
    { depth: 2, text: title, id: groupId(title) },
    ...items.flatMap((item) => (item.anchor === undefined ? [] : [{ depth: 3, text: item.name, id: item.anchor }])),
  ]);
}
