/**
 * Where inline code in prose that names API leads in one version: `AppStore`, `AppStore.openFile`,
 * `ImageViewConfigStore#createColorBlending`, `openFile()` (a call, with or without its arguments left out), under a
 * heading that names AppStore or as the one method of that name in the version. Only a name that means one thing in
 * the version leads anywhere: an unknown or ambiguous one gives nothing, and the code stays plain.
 */
import { allItems, itemLocation, type ApiItem, type ApiVersionModel } from "./model.ts";

const CODE = /^([A-Za-z_$][\w$]*)(?:[.#]([A-Za-z_$][\w$]*))?(\(\))?$/;
const WORD = /[A-Za-z_$][\w$]*/g;

/** Everything of `model` that inlineCodeTargets reads, as plain data: equal indexes give equal targets. */
export function inlineCodeIndexOf(model: ApiVersionModel): unknown {
  return allItems(model).map((item) => [item.name, item.path, item.anchor ?? null, item.members.map((member) => [member.name, member.kind, member.anchor, member.inheritedFrom !== undefined])]);
}

/** Resolves inline code against `model`: the URL (`href` of the location) of what it names, or undefined. */
export function inlineCodeTargets(model: ApiVersionModel, href: (location: string) => string): (code: string, heading: string | undefined) => string | undefined {
  const byName = new Map<string, ApiItem[]>();
  const methods = new Map<string, { item: ApiItem; anchor: string }[]>();
  for (const item of allItems(model)) {
    byName.set(item.name, [...(byName.get(item.name) ?? []), item]);
    for (const member of item.members) {
      if (member.kind === "method" && !member.inheritedFrom) methods.set(member.name, [...(methods.get(member.name) ?? []), { item, anchor: member.anchor }]);
    }
  }
  const onlyItem = (name: string) => {
    const found = byName.get(name);
    return found?.length === 1 ? found[0] : undefined;
  };
  const memberOf = (item: ApiItem, name: string) => {
    const found = item.members.filter((member) => member.name === name);
    if (found.length !== 1) return undefined;
    // An item documented on a shared page has no anchors for its members there: its own then.
    return item.anchor === undefined ? `${item.path}#${found[0]!.anchor}` : itemLocation(item);
  };
  const target = (code: string, heading: string | undefined): string | undefined => {
    const match = CODE.exec(code.trim());
    if (!match) return undefined;
    const [, first, second, call] = match;
    if (second !== undefined) {
      const item = onlyItem(first!);
      return item && memberOf(item, second);
    }
    const item = onlyItem(first!);
    if (item && !call) return itemLocation(item);
    if (!call) return undefined;
    // A call of a member: of the item its heading is about, or of the one item with such a method.
    for (const word of heading?.match(WORD) ?? []) {
      const about = onlyItem(word);
      const location = about && memberOf(about, first!);
      if (location) return location;
    }
    const found = methods.get(first!);
    return found?.length === 1 ? memberOf(found[0]!.item, first!) : undefined;
  };
  return (code, heading) => {
    const location = target(code, heading);
    return location === undefined ? undefined : href(location);
  };
}
