/**
 * The shape of TypeDoc's JSON output across releases, loosely typed so one loader reads them all:
 * 0.2x snapshots (`kindString`, `typeParameter`, `comment.shortText`, signature arrays, reference `id`)
 * and 0.24+ output (numeric kinds only, `comment.summary`, reference `target`).
 */

interface RawSource {
  fileName: string;
  line: number;
}

/** 0.23+: `summary` + `blockTags`; up to 0.22: `shortText`, `text`, `returns`, `tags`. */
export interface RawComment {
  summary?: RawCommentPart[];
  blockTags?: { tag: string; content: RawCommentPart[] }[];
  modifierTags?: string[];
  shortText?: string;
  text?: string;
  returns?: string;
  tags?: { tag: string; text?: string }[];
}

export interface RawCommentPart {
  kind: "text" | "code" | "inline-tag" | "relative-link";
  text: string;
  tag?: string;
  /** Reflection id, URL, or (external symbols) a symbol description. */
  target?: unknown;
}

export interface RawType {
  type: string;
  name?: string;
  /** Reference target before 0.24. */
  id?: number;
  /** Reference target (id or external symbol) since 0.24; operand of a type operator. */
  target?: unknown;
  typeArguments?: RawType[];
  refersToTypeParameter?: boolean;
  value?: unknown;
  types?: RawType[];
  elementType?: RawType;
  elements?: RawType[];
  element?: RawType;
  isOptional?: boolean;
  declaration?: RawReflection;
  operator?: string;
  objectType?: RawType;
  indexType?: RawType;
  checkType?: RawType;
  extendsType?: RawType;
  trueType?: RawType;
  falseType?: RawType;
  queryType?: RawType;
  head?: string;
  tail?: [RawType, string][];
  asserts?: boolean;
  targetType?: RawType;
  constraint?: RawType;
  parameter?: string;
  parameterType?: RawType;
  templateType?: RawType;
  nameType?: RawType;
  readonlyModifier?: "+" | "-";
  optionalModifier?: "+" | "-";
}

interface RawFlags {
  isStatic?: boolean;
  isReadonly?: boolean;
  isOptional?: boolean;
  isAbstract?: boolean;
  isRest?: boolean;
  isConst?: boolean;
  isPrivate?: boolean;
  isProtected?: boolean;
}

export interface RawReflection {
  id: number;
  name: string;
  kind: number;
  kindString?: string;
  flags?: RawFlags;
  comment?: RawComment;
  children?: RawReflection[];
  signatures?: RawReflection[];
  /** A single signature since 0.23, an array before. */
  getSignature?: RawReflection | RawReflection[];
  setSignature?: RawReflection | RawReflection[];
  indexSignature?: RawReflection | RawReflection[];
  indexSignatures?: RawReflection[];
  parameters?: RawReflection[];
  typeParameters?: RawReflection[];
  /** Name of `typeParameters` up to 0.22. */
  typeParameter?: RawReflection[];
  type?: RawType;
  /** Default of a type parameter. */
  default?: RawType;
  defaultValue?: string;
  sources?: RawSource[];
  inheritedFrom?: RawType;
  overwrites?: RawType;
  implementationOf?: RawType;
  extendedTypes?: RawType[];
  extendedBy?: RawType[];
  implementedTypes?: RawType[];
  implementedBy?: RawType[];
  /** Of a reference (re-export) reflection: the id it points to. */
  target?: unknown;
  /** Of a variable whose value can be called: added by our conversion (runTypeDoc.ts). */
  callable?: unknown;
}

export interface RawProject extends RawReflection {
  schemaVersion?: string;
  packageName?: string;
  packageVersion?: string;
}

export type RawKind =
  | "project"
  | "module"
  | "namespace"
  | "enum"
  | "enumMember"
  | "variable"
  | "function"
  | "class"
  | "interface"
  | "constructor"
  | "property"
  | "method"
  | "callSignature"
  | "indexSignature"
  | "constructorSignature"
  | "parameter"
  | "typeLiteral"
  | "typeParameter"
  | "accessor"
  | "getSignature"
  | "setSignature"
  | "typeAlias"
  | "reference"
  | "other";

/** ReflectionKind values since TypeDoc 0.24 (older releases also wrote `kindString`, used instead). */
const KIND_BY_NUMBER = new Map<number, RawKind>([
  [1, "project"],
  [2, "module"],
  [4, "namespace"],
  [8, "enum"],
  [16, "enumMember"],
  [32, "variable"],
  [64, "function"],
  [128, "class"],
  [256, "interface"],
  [512, "constructor"],
  [1024, "property"],
  [2048, "method"],
  [4096, "callSignature"],
  [8192, "indexSignature"],
  [16384, "constructorSignature"],
  [32768, "parameter"],
  [65536, "typeLiteral"],
  [131072, "typeParameter"],
  [262144, "accessor"],
  [524288, "getSignature"],
  [1048576, "setSignature"],
  [2097152, "typeAlias"],
  [4194304, "reference"],
]);

/** `kindString` values of TypeDoc 0.2x, lower-cased without spaces. */
const KIND_BY_STRING = new Map<string, RawKind>([
  ["project", "project"],
  ["module", "module"],
  ["externalmodule", "module"],
  ["namespace", "namespace"],
  ["enumeration", "enum"],
  ["enumerationmember", "enumMember"],
  ["enummember", "enumMember"],
  ["variable", "variable"],
  ["objectliteral", "variable"],
  ["function", "function"],
  ["class", "class"],
  ["interface", "interface"],
  ["constructor", "constructor"],
  ["property", "property"],
  ["event", "property"],
  ["method", "method"],
  ["callsignature", "callSignature"],
  ["indexsignature", "indexSignature"],
  ["constructorsignature", "constructorSignature"],
  ["parameter", "parameter"],
  ["typeliteral", "typeLiteral"],
  ["typeparameter", "typeParameter"],
  ["accessor", "accessor"],
  ["getsignature", "getSignature"],
  ["setsignature", "setSignature"],
  ["typealias", "typeAlias"],
  ["reference", "reference"],
]);

export function kindOf(reflection: RawReflection): RawKind {
  // Numbers were renumbered in 0.24, so the string wins whenever a release wrote one.
  if (typeof reflection.kindString === "string") {
    return KIND_BY_STRING.get(reflection.kindString.toLowerCase().replaceAll(" ", "")) ?? "other";
  }
  return KIND_BY_NUMBER.get(reflection.kind) ?? "other";
}

/** `getSignature` and friends were arrays before 0.23. */
export function asList<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

export function typeParametersOf(reflection: RawReflection): RawReflection[] {
  return reflection.typeParameters ?? reflection.typeParameter ?? [];
}

/**
 * Checks that `json` looks like a TypeDoc project this loader understands.
 * Returns a reason when it does not.
 */
export function schemaProblem(json: unknown): string | undefined {
  if (typeof json !== "object" || json === null || Array.isArray(json)) return "it is not a JSON object";
  const project = json as Partial<RawProject>;
  if (project.schemaVersion !== undefined && !String(project.schemaVersion).startsWith("2.")) {
    return `its schemaVersion ${String(project.schemaVersion)} is not supported (expected 2.x, TypeDoc 0.26 to 0.28)`;
  }
  if (typeof project.name !== "string" || typeof project.kind !== "number") {
    return "it has no project name and kind, so it is not TypeDoc JSON output";
  }
  if (project.kind !== 0 && project.kind !== 1) return `its root has kind ${project.kind}, not a TypeDoc project`;
  if (project.children !== undefined && !Array.isArray(project.children)) return "its children are not a list";
  return undefined;
}
