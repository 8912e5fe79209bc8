/**
 * TypeScript declarations of a version's API made from its model alone, for versions known only from a
 * snapshot: the snippet check type-checks against them as it does against a source. One module per area
 * (one name may live in two areas), importing the others; what lies outside the model (React, MobX,
 * protobuf, a type the snapshot did not document) is `any`, so a snippet is never failed for what the
 * snapshot cannot tell. TypeScript's own global types (`Promise`, `Map`, DOM types) are kept.
 */
import { itemLocation, type ApiItem, type ApiMember, type ApiParameter, type ApiSignature, type ApiType, type ApiTypeParameter, type ApiVersionModel } from "../api/model.ts";
import { signatureTokens, tokensToText, typeParameterTokens, typeToText } from "../api/typeText.ts";

export interface DeclarationOptions {
  /** Whether a name is a global type of TypeScript's libraries, kept as it is; any other outside name is `any`. */
  isGlobalType: (name: string) => boolean;
}

/** A constructor whose instances have every member: the base of a class that extends an outside class. */
const LOOSE_CLASS = "__LooseBase";
/** An object with every member: what an interface extending an outside type extends. */
const LOOSE_SHAPE = "__LooseShape";
const ANY: ApiType = { kind: "intrinsic", name: "any" };

/** Folder of the declaration files, relative to the root of the check. */
const FOLDER = "api";

/** The items of each module: one per area, then the index file's. */
const modulesOf = (model: ApiVersionModel) => [...model.areas.map((area) => area.items), model.indexItems];

/** Module of an area's declarations (the index file's items: after the areas), without the extension. */
const moduleName = (model: ApiVersionModel, index: number) => (index === model.areas.length ? "index" : `area-${index}`);

/** The declaration file of the area at `index` of the model (relative to the root of the check). */
export function areaDeclarationFile(model: ApiVersionModel, index: number): string | undefined {
  return index < model.areas.length ? `${FOLDER}/${moduleName(model, index)}.d.ts` : undefined;
}

/** The declaration file of `item` (relative to the root of the check), or undefined for an item of another model. */
export function declarationFile(model: ApiVersionModel, item: ApiItem): string | undefined {
  const index = modulesOf(model).findIndex((items) => items.includes(item));
  return index < 0 ? undefined : `${FOLDER}/${moduleName(model, index)}.d.ts`;
}

/** Declaration files by name, relative to the root of the check ("api/area-3.d.ts"), with their text. */
export function apiDeclarations(model: ApiVersionModel, options: DeclarationOptions): Map<string, string> {
  const modules = modulesOf(model);
  const fileName = (index: number) => moduleName(model, index);
  const byLocation = new Map<string, { module: number; item: ApiItem }>();
  modules.forEach((items, module) => items.forEach((item) => byLocation.set(itemLocation(item), { module, item })));
  const files = new Map<string, string>();
  modules.forEach((items, module) => {
    if (items.length === 0) return;
    const writer = new ModuleWriter(module, byLocation, new Set(items.map((item) => item.name)), options);
    const body = items.map((item) => writer.item(item)).join("\n");
    const imports = [...writer.imports].sort((a, b) => a - b).map((other) => `import * as ${alias(other)} from "./${fileName(other)}";`);
    const loose = [`declare const ${LOOSE_CLASS}: new (...args: any[]) => any;`, `interface ${LOOSE_SHAPE} { [member: string]: any }`];
    files.set(`${FOLDER}/${fileName(module)}.d.ts`, [...imports, ...loose, "", body].join("\n"));
  });
  return files;
}

const alias = (module: number) => `__api${module}`;

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
/** Words a parameter may not be named. */
const RESERVED = new Set("break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with".split(" "));

/** A property or member name as TypeScript reads it; undefined for computed names (`[Symbol.iterator]`). */
function propertyName(name: string): string | undefined {
  if (name.startsWith("[")) return undefined;
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

/** Writes the declarations of one module, resolving the model's references to it and the modules it imports. */
class ModuleWriter {
  readonly imports = new Set<number>();

  constructor(
    private readonly module: number,
    private readonly byLocation: Map<string, { module: number; item: ApiItem }>,
    private readonly ownNames: Set<string>,
    private readonly options: DeclarationOptions,
  ) {}

  item(item: ApiItem): string {
    const scope = new Set(item.typeParameters.map((parameter) => parameter.name));
    const typeParameters = this.typeParameters(item.typeParameters, scope);
    switch (item.kind) {
      case "class":
        return this.classText(item, typeParameters, scope);
      case "interface": {
        const bases = item.extends.map((type) => this.heritage(type, scope) ?? LOOSE_SHAPE);
        const members = [...item.signatures.map((signature) => `    ${this.signature(signature, "", scope)};`), ...this.members(item, scope, false)];
        return `export interface ${item.name}${typeParameters}${bases.length > 0 ? ` extends ${[...new Set(bases)].join(", ")}` : ""} {\n${members.join("\n")}\n}\n`;
      }
      case "enum": {
        const members = item.members.filter((member) => member.kind === "enumMember").flatMap((member) => {
          const name = propertyName(member.name);
          return name === undefined ? [] : [`    ${name}${member.value !== undefined && isLiteral(member.value) ? ` = ${member.value}` : ""},`];
        });
        return `export declare ${item.flags.includes("const") ? "const " : ""}enum ${item.name} {\n${members.join("\n")}\n}\n`;
      }
      case "function":
        return item.signatures.map((signature) => `export declare function ${this.signature(signature, item.name, scope)};\n`).join("");
      case "type":
        return `export type ${item.name}${typeParameters} = ${this.type(item.type ?? ANY, scope)};\n`;
      case "variable":
        return `export declare ${item.flags.includes("const") ? "const" : "let"} ${item.name}: ${this.type(item.type ?? ANY, scope)};\n`;
    }
  }

  private classText(item: ApiItem, typeParameters: string, scope: Set<string>): string {
    const [base] = item.extends;
    const extended = base && (this.heritage(base, scope) ?? LOOSE_CLASS);
    const implemented = item.implements.flatMap((type) => this.heritage(type, scope) ?? []);
    // Members inherited from a class of the model come with the `extends`; those from an outside class
    // (React's) are kept, typed as the snapshot says.
    const inheritsFromModel = extended !== undefined && extended !== LOOSE_CLASS;
    const members = this.members(item, scope, true, inheritsFromModel);
    const heritage = `${extended ? ` extends ${extended}` : ""}${implemented.length > 0 ? ` implements ${implemented.join(", ")}` : ""}`;
    return `export declare ${item.flags.includes("abstract") ? "abstract " : ""}class ${item.name}${typeParameters}${heritage} {\n${members.join("\n")}\n}\n`;
  }

  private members(item: ApiItem, scope: Set<string>, isClass: boolean, skipInherited = false): string[] {
    return item.members.flatMap((member) => {
      if (skipInherited && member.inheritedFrom) return [];
      const name = propertyName(member.name);
      if (name === undefined && member.kind !== "constructor") return [];
      const modifiers = isClass ? this.modifiers(member) : "";
      const optional = member.flags.includes("optional") ? "?" : "";
      switch (member.kind) {
        case "constructor":
          // TypeDoc gives a constructor the class's type parameters, which a declaration may not repeat.
          return isClass ? member.signatures.map((signature) => `    ${this.signature({ ...signature, typeParameters: [] }, "constructor", scope)};`) : [];
        case "property":
        case "accessor": {
          const readonly = member.flags.includes("readonly") ? "readonly " : "";
          return [`    ${modifiers}${readonly}${name}${optional}: ${this.type(member.type ?? ANY, scope)};`];
        }
        case "method":
          return member.signatures.map((signature) => `    ${modifiers}${this.signature(signature, `${name}${optional}`, scope)};`);
        case "enumMember":
          return [];
      }
    });
  }

  private modifiers(member: ApiMember): string {
    return `${member.flags.includes("static") ? "static " : ""}${member.flags.includes("abstract") ? "abstract " : ""}`;
  }

  /** A signature as declared, its types resolved; `name` "" for a call signature, "constructor" for one. */
  private signature(signature: ApiSignature, name: string, scope: Set<string>): string {
    const { typeParameters, parameters, returns } = this.resolveSignature(signature, scope);
    // Without a return type a declaration returns any, as a constructor's must.
    const declared: ApiSignature = { kind: "call", name, typeParameters, parameters, ...(name !== "constructor" && { returns: returns ?? ANY }) };
    return tokensToText(signatureTokens(declared, name));
  }

  private typeParameters(parameters: ApiTypeParameter[], scope: Set<string>): string {
    return tokensToText(typeParameterTokens(parameters.map((parameter) => this.typeParameter(parameter, scope))));
  }

  private typeParameter(parameter: ApiTypeParameter, scope: Set<string>): ApiTypeParameter {
    return {
      name: parameter.name,
      ...(parameter.constraint && { constraint: this.resolve(parameter.constraint, scope) }),
      ...(parameter.default && { default: this.resolve(parameter.default, scope) }),
    };
  }

  /** A base class or interface: the model's own, named as this module sees it; undefined for an outside one. */
  private heritage(type: ApiType, scope: Set<string>): string | undefined {
    if (type.kind !== "reference" || type.target === undefined || !this.byLocation.has(type.target)) return undefined;
    return this.type(type, scope);
  }

  private type(type: ApiType, scope: Set<string>): string {
    return typeToText(this.resolve(type, scope));
  }

  /** `type` with every reference named as this module sees it, or `any` where it leads outside the model. */
  private resolve(type: ApiType, scope: Set<string>): ApiType {
    const all = (types: ApiType[]) => types.map((each) => this.resolve(each, scope));
    switch (type.kind) {
      case "reference": {
        const typeArguments = type.typeArguments && all(type.typeArguments);
        const withArguments = (name: string): ApiType => ({ kind: "reference", name, ...(typeArguments && { typeArguments }) });
        const found = type.target === undefined ? undefined : this.byLocation.get(type.target);
        if (found) {
          if (found.module === this.module) return withArguments(found.item.name);
          this.imports.add(found.module);
          return withArguments(`${alias(found.module)}.${found.item.name}`);
        }
        if (type.target === undefined && scope.has(type.name)) return withArguments(type.name);
        const global = type.name.split(".")[0]!;
        if (type.target === undefined && !this.ownNames.has(global) && this.options.isGlobalType(global)) return withArguments(type.name);
        return ANY;
      }
      case "union":
      case "intersection":
        return { kind: type.kind, types: all(type.types) };
      case "array":
        return { kind: "array", elementType: this.resolve(type.elementType, scope) };
      case "tuple":
        return { kind: "tuple", elements: type.elements.map((element) => ({ ...element, type: this.resolve(element.type, scope) })) };
      case "reflection":
        return {
          kind: "reflection",
          properties: type.properties.flatMap((property) => {
            const name = propertyName(property.name);
            return name === undefined ? [] : [{ ...property, name, type: this.resolve(property.type ?? ANY, scope) }];
          }),
          signatures: type.signatures.map((signature) => this.resolveSignature(signature, scope)),
        };
      case "typeOperator":
        return { kind: "typeOperator", operator: type.operator, target: this.resolve(type.target, scope) };
      case "indexedAccess":
        return { kind: "indexedAccess", objectType: this.resolve(type.objectType, scope), indexType: this.resolve(type.indexType, scope) };
      case "conditional":
        // `infer` names of the extends type are not tracked: such a type is any.
        return ANY;
      case "query": {
        const target = this.resolve(type.queryType, scope);
        return target.kind === "reference" ? { kind: "query", queryType: target } : ANY;
      }
      case "templateLiteral":
        return { kind: "templateLiteral", head: type.head, tail: type.tail.map(([part, text]) => [this.resolve(part, scope), text]) };
      case "intrinsic":
      case "literal":
        return type;
      case "unknown":
        // Mapped types and predicates, kept as text whose names cannot be resolved.
        return ANY;
    }
  }

  /** A signature with its types resolved, and its parameters as a declaration may name them. */
  private resolveSignature(signature: ApiSignature, outer: Set<string>): ApiSignature {
    const scope = new Set([...outer, ...signature.typeParameters.map((parameter) => parameter.name)]);
    // A parameter with a default is optional, unless a required one follows (TypeScript forbids that order).
    const lastRequired = signature.parameters.findLastIndex((parameter) => !parameter.optional && !parameter.rest);
    const parameters = signature.parameters.map((parameter, index): ApiParameter => ({
      name: IDENTIFIER.test(parameter.name) && !RESERVED.has(parameter.name) ? parameter.name : `arg${index}`,
      optional: parameter.optional && index > lastRequired,
      rest: parameter.rest,
      type: parameter.type ? this.resolve(parameter.type, scope) : parameter.rest ? { kind: "array", elementType: ANY } : ANY,
    }));
    const returns = signature.returns && this.resolve(signature.returns, scope);
    return {
      kind: signature.kind,
      name: signature.name,
      typeParameters: signature.typeParameters.map((parameter) => this.typeParameter(parameter, scope)),
      parameters,
      ...(returns && { returns }),
    };
  }
}

/** An enum value TypeScript accepts in a declaration: a number or a string literal. */
function isLiteral(value: string): boolean {
  return /^-?\d+(\.\d+)?$/.test(value) || /^"(?:[^"\\]|\\.)*"$/.test(value) || /^'(?:[^'\\]|\\.)*'$/.test(value);
}
