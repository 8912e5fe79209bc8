/**
 * The typed model of one version's API that templates render. Built from TypeDoc JSON by
 * loadProject.ts; comments stay markdown, with `{@link}` turned into `api:` links.
 */

export type ApiKind = "class" | "interface" | "enum" | "function" | "type" | "variable";

/** Order of kinds on area pages. */
export const API_KINDS: readonly ApiKind[] = ["class", "interface", "enum", "function", "type", "variable"];

export type ApiFlag = "static" | "readonly" | "optional" | "abstract" | "const" | "deprecated";

export interface ApiReferenceType {
  kind: "reference";
  name: string;
  /** Location of the referenced item or member in this version (see `itemLocation`); absent for external types. */
  target?: string;
  typeArguments?: ApiType[];
}

export interface ApiTupleElement {
  name?: string;
  optional: boolean;
  rest: boolean;
  type: ApiType;
}

/** A property of an object literal type, written inline. */
export interface ApiTypeProperty {
  name: string;
  optional: boolean;
  readonly: boolean;
  type?: ApiType;
}

export type ApiType =
  | ApiReferenceType
  | { kind: "intrinsic"; name: string }
  /** `value` is the literal as written in TypeScript: `"gray"`, `42`, `null`, `10n`. */
  | { kind: "literal"; value: string }
  | { kind: "union"; types: ApiType[] }
  | { kind: "intersection"; types: ApiType[] }
  | { kind: "array"; elementType: ApiType }
  | { kind: "tuple"; elements: ApiTupleElement[] }
  /** An object literal or function type. */
  | { kind: "reflection"; properties: ApiTypeProperty[]; signatures: ApiSignature[] }
  | { kind: "typeOperator"; operator: string; target: ApiType }
  | { kind: "indexedAccess"; objectType: ApiType; indexType: ApiType }
  | { kind: "conditional"; checkType: ApiType; extendsType: ApiType; trueType: ApiType; falseType: ApiType }
  | { kind: "query"; queryType: ApiType }
  | { kind: "templateLiteral"; head: string; tail: [ApiType, string][] }
  /** Anything else (mapped types, predicates, infer), as TypeScript text. */
  | { kind: "unknown"; text: string };

/** A doc comment; every string is markdown. */
export interface ApiComment {
  summary: string;
  remarks?: string;
  returns?: string;
  /** Each `@example`, with its code fenced. */
  examples: string[];
  /** Present (possibly empty) when the item is deprecated. */
  deprecated?: string;
  see: string[];
  /** Block tags not listed above, e.g. `@throws`, `@since`; `tag` without the `@`. */
  blockTags: { tag: string; markdown: string }[];
  /** Modifier tags such as `beta`, `alpha`, without the `@`. */
  modifiers: string[];
}

export interface ApiSource {
  /** Relative to the viewer root. */
  file: string;
  line: number;
  /** Link to the line in the repository, when the version's git ref is known. */
  url?: string;
}

export interface ApiTypeParameter {
  name: string;
  constraint?: ApiType;
  default?: ApiType;
  description?: string;
}

export interface ApiParameter {
  name: string;
  type?: ApiType;
  optional: boolean;
  rest: boolean;
  /** Initializer as written in the source. */
  defaultValue?: string;
  description?: string;
}

export interface ApiSignature {
  kind: "call" | "construct" | "get" | "set";
  name: string;
  typeParameters: ApiTypeParameter[];
  parameters: ApiParameter[];
  returns?: ApiType;
  comment?: ApiComment;
}

export type ApiMemberKind = "constructor" | "property" | "accessor" | "method" | "enumMember";

/** Order of member groups on item pages. */
export const API_MEMBER_KINDS: readonly ApiMemberKind[] = ["constructor", "property", "accessor", "method", "enumMember"];

export interface ApiMember {
  name: string;
  /** Id of the member's section on the item page: the member name as written. */
  anchor: string;
  kind: ApiMemberKind;
  flags: ApiFlag[];
  /** First paragraph of the comment, on one line. */
  summary: string;
  comment?: ApiComment;
  /** Property type, or accessor type (getter return / setter parameter). */
  type?: ApiType;
  /** Property initializer as written in the source. */
  defaultValue?: string;
  /** Enum member value as written in TypeScript, e.g. `0` or `"Hz"`. */
  value?: string;
  /** Constructor and method overloads; get/set signatures of accessors. */
  signatures: ApiSignature[];
  inheritedFrom?: ApiReferenceType;
  overwrites?: ApiReferenceType;
  implementationOf?: ApiReferenceType;
  sources: ApiSource[];
}

export interface ApiItem {
  name: string;
  kind: ApiKind;
  /** Slug of the area ("" for the viewer's own index file). */
  area: string;
  /**
   * Page of the item relative to the version's API root (".-stores/class/AppStore"). Type aliases and
   * variables live on their area page (".-models") under `anchor`; items of the index file on the landing page ("").
   */
  path: string;
  anchor?: string;
  /** First paragraph of the comment, on one line. */
  summary: string;
  comment?: ApiComment;
  flags: ApiFlag[];
  typeParameters: ApiTypeParameter[];
  /** Function overloads, or call signatures of an interface. */
  signatures: ApiSignature[];
  /** Class/interface members and enum members (enum members in declaration order, others by name). */
  members: ApiMember[];
  extends: ApiType[];
  implements: ApiType[];
  extendedBy: ApiReferenceType[];
  implementedBy: ApiReferenceType[];
  /** Aliased type of a type alias, type of a variable. */
  type?: ApiType;
  /** Initializer of a variable. */
  defaultValue?: string;
  /** A variable whose value can be called; TypeDoc up to 0.25 gave it a function's page (see apiAliases.ts). */
  callable?: true;
  /**
   * The TypeScript declaration without members or comments, e.g. `class AppStore`, `type Axis = keyof Point2D`,
   * `const WORKSPACE_SCHEMA_VERSION = 2`; for functions, one line per overload.
   */
  declaration: string;
  sources: ApiSource[];
}

export interface ApiArea {
  slug: string;
  title: string;
  /** Sorted by name. */
  items: ApiItem[];
}

export interface ApiVersionModel {
  version: string;
  packageName: string;
  packageVersion: string;
  /** True when the sample code base stood in for a missing viewer checkout. */
  isExample: boolean;
  /** Where the source came from, for people: "git tag v4.1.0 (commit abc1234)", "working tree", ... */
  sourceLabel: string;
  /** Git ref or commit the Defined-in links point to. */
  sourceRef?: string;
  /** In the order of the configured entry points. */
  areas: ApiArea[];
  /** Items declared in the viewer's index file itself; documented on the landing page only. */
  indexItems: ApiItem[];
  changelog?: { markdown: string; file: string };
  /** The source's files that do not parse: what they declare after the error may be missing (named where an API link finds nothing). */
  unparsed?: SourcePlace[];
}

/** A place in a source file, named as messages name it (`src/a.ts`, `v4.1.0:src/a.ts`). */
export interface SourcePlace {
  file: string;
  line: number;
}

/** Where an item is documented: its page, plus `#anchor` for items that share a page. */
export function itemLocation(item: Pick<ApiItem, "path" | "anchor">): string {
  return item.anchor === undefined ? item.path : `${item.path}#${item.anchor}`;
}

/** The model's order of names (items, members): case-insensitive, then by code unit for names that differ only in case. */
export function compareNames(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
}

/** Every item of the model, index items included. */
export function allItems(model: ApiVersionModel): readonly ApiItem[] {
  let items = ALL_ITEMS.get(model);
  if (!items) ALL_ITEMS.set(model, (items = [...model.areas.flatMap((area) => area.items), ...model.indexItems]));
  return items;
}

/** Link resolution asks for every item once per link; a model does not change once loaded. */
const ALL_ITEMS = new WeakMap<ApiVersionModel, readonly ApiItem[]>();
