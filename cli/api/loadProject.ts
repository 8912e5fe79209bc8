/**
 * The one loader: TypeDoc JSON (a fresh conversion or a snapshot of any TypeDoc release since 0.22)
 * to the model templates render.
 */
import { summaryLine } from "./comments.ts";
import { ReflectionConverter } from "./convertReflection.ts";
import type {
  ApiArea,
  ApiFlag,
  ApiItem,
  ApiKind,
  ApiMember,
  ApiMemberKind,
  ApiSignature,
  ApiVersionModel,
  SourcePlace,
} from "./model.ts";
import { compareNames, itemLocation } from "./model.ts";
import { matchModules } from "./moduleAreas.ts";
import {
  asList,
  kindOf,
  schemaProblem,
  typeParametersOf,
  type RawKind,
  type RawProject,
  type RawReflection,
} from "./typedocJson.ts";
import { declarationTokens, tokensToText } from "./typeText.ts";
import type { ApiSettings } from "./types.ts";

export interface ProjectContext {
  version: string;
  /** Where the JSON came from, named in errors. */
  file: string;
  api: Pick<ApiSettings, "entryPoints" | "index" | "repoUrl">;
  isExample: boolean;
  sourceLabel: string;
  sourceRef?: string;
  /** Folder of the viewer inside its git repository ("" or "sub/dir/"), for Defined-in links. */
  repoPrefix: string;
  changelog?: { markdown: string; file: string };
  /** The source's files that do not parse (ApiVersionModel.unparsed). */
  unparsed?: SourcePlace[];
  /** Reports a warning; `code` is a diagnostics code. */
  warn: (code: string, message: string) => void;
  /** Reports an error (a declaration left out); none where the model is loaded again from a recipe already checked. */
  error?: (code: string, message: string) => void;
}

/** The JSON cannot be turned into a model; the message names the version and the file. */
export class ApiLoadError extends Error {}

const ITEM_KINDS = new Map<RawKind, ApiKind>([
  ["class", "class"],
  ["interface", "interface"],
  ["enum", "enum"],
  ["function", "function"],
  ["typeAlias", "type"],
  ["variable", "variable"],
]);

const MEMBER_KINDS = new Map<RawKind, ApiMemberKind>([
  ["constructor", "constructor"],
  ["property", "property"],
  ["accessor", "accessor"],
  ["method", "method"],
  ["enumMember", "enumMember"],
]);

/** Kinds whose items get a page of their own; the others are documented on their area page. */
const PAGE_KINDS = new Set<ApiKind>(["class", "interface", "enum", "function"]);

interface Declaration {
  raw: RawReflection;
  kind: ApiKind;
  area: string;
  path: string;
  anchor?: string;
  members: { raw: RawReflection; kind: ApiMemberKind }[];
}

export function loadProject(json: unknown, context: ProjectContext): ApiVersionModel {
  const fail = (problem: string) => new ApiLoadError(`API ${context.version}: ${context.file} cannot be used: ${problem}`);
  const problem = schemaProblem(json);
  if (problem) throw fail(problem);
  const project = json as RawProject;

  const { index } = context.api;
  const match = matchModules(project, [...context.api.entryPoints.map((entry) => entry.path), index]);
  // An optional area whose module this version lacks (a later release added it) is no area of this version.
  const entryPoints = context.api.entryPoints.filter((entry) => !entry.optional || match.modules.has(entry.path));
  const missing = entryPoints.filter((entry) => !match.modules.has(entry.path));
  if (missing.length > 0) {
    const found = (project.children ?? []).map((child) => child.name).join(", ") || "none";
    throw fail(`it has no module for ${missing.map((entry) => entry.path).join(", ")} (modules found: ${found})`);
  }

  const areaDeclarations = entryPoints.map((entry) =>
    declarationsOf(match.modules.get(entry.path)!, entry.slug, context),
  );
  const indexModule = match.modules.get(index);
  const indexDeclarations = indexModule ? declarationsOf(indexModule, "", context) : [];
  const declarations = [...areaDeclarations.flat(), ...indexDeclarations];

  const { sourceRef } = context;
  const converter = new ReflectionConverter({
    ...locationsOf(declarations, project),
    sourcePrefix: match.sourcePrefix,
    ...(sourceRef !== undefined && {
      sourceUrl: (file: string, line: number) =>
        `${context.api.repoUrl}/blob/${sourceRef}/${context.repoPrefix}${file}#L${line}`,
    }),
  });

  const areas: ApiArea[] = entryPoints.map((entry, i) => ({
    slug: entry.slug,
    title: entry.title,
    items: sortByName(areaDeclarations[i]!.map((declaration) => buildItem(declaration, converter))),
  }));
  for (const area of areas) warnCaseCollisions(area, context);

  return {
    version: context.version,
    packageName: project.packageName ?? project.name,
    packageVersion: project.packageVersion ?? context.version,
    isExample: context.isExample,
    sourceLabel: context.sourceLabel,
    ...(sourceRef !== undefined && { sourceRef }),
    areas,
    indexItems: sortByName(indexDeclarations.map((declaration) => buildItem(declaration, converter))),
    ...(context.changelog && { changelog: context.changelog }),
    ...(context.unparsed && { unparsed: context.unparsed }),
  };
}

/**
 * Why a declaration's name cannot name its page or anchor, or undefined: a hand-edited or hostile snapshot may
 * hold names no TypeScript source has, and "." or ".." would build pages at routes no link reaches.
 */
function routeNameProblem(name: unknown): string | undefined {
  if (typeof name !== "string" || name === "") return "is empty";
  if (name === "." || name === "..") return "is a dot path segment";
  if (/[/\\]/.test(name)) return "holds a slash";
  if (/\p{Cc}/u.test(name)) return "holds control characters";
  return undefined;
}

/** The documented declarations of one module, with their routes. Re-exports (references) are skipped. */
function declarationsOf(
  module: RawReflection,
  slug: string,
  { warn, error, version, file }: ProjectContext,
): Declaration[] {
  const declarations: Declaration[] = [];
  for (const raw of module.children ?? []) {
    const rawKind = kindOf(raw);
    const kind = ITEM_KINDS.get(rawKind);
    if (!kind) {
      if (rawKind === "namespace" || rawKind === "module") {
        warn("api-namespace", `API ${version}: namespace ${raw.name} in ${slug || "the index file"} is not documented; export its members instead`);
      }
      continue;
    }
    const nameProblem = routeNameProblem(raw.name);
    if (nameProblem) {
      error?.("api-name", `API ${version}: ${file}: the ${kind} named ${JSON.stringify(raw.name)} in ${slug || "the index file"} ${nameProblem}, so no page can be made for it and it is left out; a declaration's name is a JavaScript identifier`);
      continue;
    }
    const onAreaPage = !PAGE_KINDS.has(kind) || slug === "";
    const members = (raw.children ?? []).flatMap((child) => {
      const memberKind = MEMBER_KINDS.get(kindOf(child));
      return memberKind ? [{ raw: child, kind: memberKind }] : [];
    });
    declarations.push({
      raw,
      kind,
      area: slug,
      path: onAreaPage ? slug : `${slug}/${kind}/${raw.name}`,
      ...(onAreaPage && { anchor: raw.name }),
      members,
    });
  }
  return declarations;
}

/** Where every documented reflection id and name lives, so types and `{@link}`s can point there. */
function locationsOf(declarations: Declaration[], project: RawProject) {
  const locations = new Map<number, string>();
  const locationsByName = new Map<string, string[]>();
  const add = (raw: RawReflection, name: string, location: string) => {
    for (const id of [raw.id, ...signatureIds(raw)]) locations.set(id, location);
    locationsByName.set(name, [...(locationsByName.get(name) ?? []), location]);
  };
  for (const declaration of declarations) {
    const location = itemLocation(declaration);
    add(declaration.raw, declaration.raw.name, location);
    for (const { raw } of declaration.members) {
      add(raw, `${declaration.raw.name}.${raw.name}`, `${declaration.path}#${raw.name}`);
    }
  }
  // A re-export points wherever the exported declaration is documented.
  const visit = (reflection: RawReflection) => {
    for (const child of reflection.children ?? []) {
      if (kindOf(child) === "reference" && typeof child.target === "number") {
        const location = locations.get(child.target);
        if (location !== undefined) locations.set(child.id, location);
      } else if (kindOf(child) === "module") visit(child);
    }
  };
  visit(project);
  return { locations, locationsByName };
}

function signatureIds(raw: RawReflection): number[] {
  return [...(raw.signatures ?? []), ...asList(raw.getSignature), ...asList(raw.setSignature)].map((s) => s.id);
}

function buildItem(declaration: Declaration, converter: ReflectionConverter): ApiItem {
  const { raw, kind } = declaration;
  const comment = converter.comment(raw);
  const signatures = (raw.signatures ?? []).map((signature) => converter.signature(signature));
  const typeParameters = converter.typeParameters(typeParametersOf(raw));
  const type = converter.type(raw.type);
  const members = declaration.members.map(({ raw: member, kind: memberKind }) =>
    buildMember(member, memberKind, converter),
  );
  const flags: ApiFlag[] = [];
  if (raw.flags?.isAbstract) flags.push("abstract");
  if (raw.flags?.isConst) flags.push("const");
  if (isDeprecated(comment, signatures)) flags.push("deprecated");
  const defaultValue = kind === "variable" ? initializer(raw) : undefined;

  const item: ApiItem = {
    name: raw.name,
    kind,
    area: declaration.area,
    path: declaration.path,
    ...(declaration.anchor !== undefined && { anchor: declaration.anchor }),
    summary: summaryLine(comment ?? signatures[0]?.comment),
    ...(comment && { comment }),
    flags,
    typeParameters,
    signatures,
    members: kind === "enum" ? sortBySource(members) : sortByName(members),
    extends: (raw.extendedTypes ?? []).flatMap((t) => converter.type(t) ?? []),
    implements: (raw.implementedTypes ?? []).flatMap((t) => converter.type(t) ?? []),
    extendedBy: (raw.extendedBy ?? []).flatMap((t) => converter.reference(t) ?? []),
    implementedBy: (raw.implementedBy ?? []).flatMap((t) => converter.reference(t) ?? []),
    ...(type && { type }),
    ...(defaultValue !== undefined && { defaultValue }),
    ...(kind === "variable" && raw.callable === true && { callable: true as const }),
    declaration: "",
    sources: converter.sources(raw),
  };
  item.declaration = tokensToText(declarationTokens(item));
  return item;
}

function buildMember(raw: RawReflection, kind: ApiMemberKind, converter: ReflectionConverter): ApiMember {
  const comment = converter.comment(raw);
  const accessors = [...asList(raw.getSignature), ...asList(raw.setSignature)];
  const signatures: ApiSignature[] = [...(raw.signatures ?? []), ...accessors].map((s) => converter.signature(s));
  const getter = signatures.find((signature) => signature.kind === "get");
  const setter = signatures.find((signature) => signature.kind === "set");
  const type =
    kind === "accessor" ? (getter?.returns ?? setter?.parameters[0]?.type) : kind === "property" ? converter.type(raw.type) : undefined;

  const flags: ApiFlag[] = [];
  if (raw.flags?.isStatic) flags.push("static");
  if (raw.flags?.isReadonly || (getter && !setter)) flags.push("readonly");
  if (raw.flags?.isOptional) flags.push("optional");
  if (raw.flags?.isAbstract) flags.push("abstract");
  if (isDeprecated(comment, signatures)) flags.push("deprecated");

  const value = kind === "enumMember" ? enumValue(raw, converter) : undefined;
  const defaultValue = kind === "property" ? initializer(raw) : undefined;
  const inheritedFrom = converter.reference(raw.inheritedFrom);
  const overwrites = converter.reference(raw.overwrites);
  const implementationOf = converter.reference(raw.implementationOf);
  return {
    name: raw.name,
    anchor: raw.name,
    kind,
    flags,
    summary: summaryLine(comment ?? signatures.find((signature) => signature.comment)?.comment),
    ...(comment && { comment }),
    ...(type && { type }),
    ...(defaultValue !== undefined && { defaultValue }),
    ...(value !== undefined && { value }),
    signatures,
    ...(inheritedFrom && { inheritedFrom }),
    ...(overwrites && { overwrites }),
    ...(implementationOf && { implementationOf }),
    sources: converter.sources(raw),
  };
}

/** Enum values: a literal type since 0.23, `defaultValue` before. */
function enumValue(raw: RawReflection, converter: ReflectionConverter): string | undefined {
  const type = converter.type(raw.type);
  if (type?.kind === "literal") return type.value;
  return raw.defaultValue;
}

/** The initializer as written; TypeDoc writes "..." for ones too long to show. */
function initializer(raw: RawReflection): string | undefined {
  return raw.defaultValue === "..." ? undefined : raw.defaultValue;
}

function isDeprecated(comment: ApiMember["comment"], signatures: ApiSignature[]): boolean {
  if (comment?.deprecated !== undefined) return true;
  return signatures.length > 0 && signatures.every((signature) => signature.comment?.deprecated !== undefined);
}

function sortByName<T extends { name: string }>(list: T[]): T[] {
  return [...list].sort((a, b) => compareNames(a.name, b.name));
}

/** Enum members in declaration order: TypeDoc sorts them by name, which hides their values' order. */
function sortBySource(members: ApiMember[]): ApiMember[] {
  const position = (member: ApiMember) => member.sources[0]?.line ?? Number.MAX_SAFE_INTEGER;
  return [...members].sort((a, b) => position(a) - position(b));
}

/** Names that differ only in case would write two pages to one file on case-insensitive file systems. */
function warnCaseCollisions(area: ApiArea, context: ProjectContext): void {
  const groups = new Map<string, string[]>();
  for (const item of area.items) {
    const key = `${item.kind}/${item.name.toLowerCase()}`;
    groups.set(key, [...(groups.get(key) ?? []), item.name]);
  }
  for (const [key, names] of groups) {
    if (names.length < 2) continue;
    const kind = key.slice(0, key.indexOf("/"));
    context.warn(
      "api-name-collision",
      `API ${context.version}: ${area.slug} has ${kind} items whose names differ only in case (${names.join(", ")}); their pages collide on case-insensitive file systems`,
    );
  }
}
