/** Converts the parts shared by every reflection of TypeDoc JSON: types, signatures, comments, sources. */
import { convertComment, type LinkResolver } from "./comments.ts";
import type {
  ApiComment,
  ApiParameter,
  ApiReferenceType,
  ApiSignature,
  ApiSource,
  ApiTupleElement,
  ApiType,
  ApiTypeParameter,
  ApiTypeProperty,
} from "./model.ts";
import { asList, kindOf, typeParametersOf, type RawReflection, type RawType } from "./typedocJson.ts";
import { typeToText } from "./typeText.ts";

export interface ConvertContext {
  /** Location (see `itemLocation`) of every documented reflection id. */
  locations: Map<number, string>;
  /** Locations by name ("AppStore", "AppStore.openFile"), for links in 0.2x comments. */
  locationsByName: Map<string, string[]>;
  /** Prepended to TypeDoc's file names to make them relative to the viewer root. */
  sourcePrefix: string;
  /** Link to a line of a file of the viewer, when the version's git ref is known. */
  sourceUrl?: (file: string, line: number) => string;
}

const SIGNATURE_KINDS = {
  callSignature: "call",
  constructorSignature: "construct",
  getSignature: "get",
  setSignature: "set",
} as const;

export class ReflectionConverter {
  readonly links: LinkResolver;

  constructor(private readonly context: ConvertContext) {
    this.links = {
      byId: (id) => {
        const location = context.locations.get(id);
        return location === undefined ? undefined : `api:/${location}`;
      },
      byName: (name) => {
        const locations = context.locationsByName.get(name.replace("#", "."));
        return locations?.length === 1 ? `api:/${locations[0]}` : undefined;
      },
    };
  }

  comment(raw: RawReflection): ApiComment | undefined {
    return convertComment(raw.comment, this.links);
  }

  sources(raw: RawReflection): ApiSource[] {
    return (raw.sources ?? []).map(({ fileName, line }) => {
      const file = this.context.sourcePrefix + fileName.replace(/^\.\//, "");
      // Declarations from dependencies have no page in the viewer's repository.
      const url = file.includes("node_modules/") ? undefined : this.context.sourceUrl?.(file, line);
      return url === undefined ? { file, line } : { file, line, url };
    });
  }

  signature(raw: RawReflection): ApiSignature {
    const kind = kindOf(raw);
    const comment = this.comment(raw);
    const returns = this.type(raw.type);
    return {
      kind: kind in SIGNATURE_KINDS ? SIGNATURE_KINDS[kind as keyof typeof SIGNATURE_KINDS] : "call",
      name: raw.name,
      typeParameters: this.typeParameters(typeParametersOf(raw)),
      parameters: (raw.parameters ?? []).map((parameter) => this.parameter(parameter)),
      ...(returns && { returns }),
      ...(comment && { comment }),
    };
  }

  typeParameters(raws: RawReflection[]): ApiTypeParameter[] {
    return raws.map((raw) => {
      const constraint = this.type(raw.type);
      const fallback = this.type(raw.default);
      const description = this.comment(raw)?.summary;
      return {
        name: raw.name,
        ...(constraint && { constraint }),
        ...(fallback && { default: fallback }),
        ...(description && { description }),
      };
    });
  }

  private parameter(raw: RawReflection): ApiParameter {
    const type = this.type(raw.type);
    const description = this.comment(raw)?.summary;
    return {
      name: raw.name,
      optional: Boolean(raw.flags?.isOptional) || raw.defaultValue !== undefined,
      rest: Boolean(raw.flags?.isRest),
      ...(type && { type }),
      ...(raw.defaultValue !== undefined && { defaultValue: raw.defaultValue }),
      ...(description && { description }),
    };
  }

  reference(raw: RawType | undefined): ApiReferenceType | undefined {
    if (!raw) return undefined;
    const converted = this.type(raw);
    return converted?.kind === "reference" ? converted : { kind: "reference", name: raw.name ?? "unknown" };
  }

  type(raw: RawType | undefined): ApiType | undefined {
    return raw === undefined ? undefined : this.convert(raw);
  }

  private convert(raw: RawType): ApiType {
    const types = (list: RawType[] | undefined) => (list ?? []).map((type) => this.convert(type));
    switch (raw.type) {
      case "reference": {
        const id = typeof raw.target === "number" ? raw.target : raw.id;
        const target = raw.refersToTypeParameter || id === undefined ? undefined : this.context.locations.get(id);
        const typeArguments = types(raw.typeArguments);
        return {
          kind: "reference",
          name: raw.name ?? "unknown",
          ...(target !== undefined && { target }),
          ...(typeArguments.length > 0 && { typeArguments }),
        };
      }
      case "intrinsic":
        return { kind: "intrinsic", name: raw.name ?? "unknown" };
      case "literal":
      case "stringLiteral":
        return { kind: "literal", value: literalText(raw.value) };
      case "union":
      case "intersection":
        return { kind: raw.type, types: types(raw.types) };
      case "array":
        return { kind: "array", elementType: this.operand(raw.elementType) };
      case "tuple":
        return { kind: "tuple", elements: (raw.elements ?? []).map((element) => this.tupleElement(element)) };
      case "reflection":
        return this.reflection(raw.declaration);
      case "typeOperator":
        return { kind: "typeOperator", operator: raw.operator ?? "", target: this.operand(raw.target as RawType) };
      case "indexedAccess":
        return { kind: "indexedAccess", objectType: this.operand(raw.objectType), indexType: this.operand(raw.indexType) };
      case "conditional":
        return {
          kind: "conditional",
          checkType: this.operand(raw.checkType),
          extendsType: this.operand(raw.extendsType),
          trueType: this.operand(raw.trueType),
          falseType: this.operand(raw.falseType),
        };
      case "query":
        return { kind: "query", queryType: this.operand(raw.queryType) };
      case "templateLiteral":
      case "template-literal":
        return {
          kind: "templateLiteral",
          head: raw.head ?? "",
          tail: (raw.tail ?? []).map(([type, text]) => [this.convert(type), text]),
        };
      default:
        return { kind: "unknown", text: this.unknownText(raw) };
    }
  }

  /** A required sub-type; a missing one (malformed JSON) reads as `unknown` rather than failing the version. */
  private operand(raw: RawType | undefined): ApiType {
    return raw === undefined ? { kind: "intrinsic", name: "unknown" } : this.convert(raw);
  }

  private text(raw: RawType | undefined): string {
    return typeToText(this.operand(raw));
  }

  /** Type kinds outside the model's union, written out as TypeScript. */
  private unknownText(raw: RawType): string {
    switch (raw.type) {
      case "predicate":
        return `${raw.asserts ? "asserts " : ""}${raw.name ?? "this"}${raw.targetType ? ` is ${this.text(raw.targetType)}` : ""}`;
      case "inferred":
        return `infer ${raw.name ?? ""}${raw.constraint ? ` extends ${this.text(raw.constraint)}` : ""}`;
      case "mapped": {
        const readonly = raw.readonlyModifier === "+" ? "readonly " : raw.readonlyModifier === "-" ? "-readonly " : "";
        const optional = raw.optionalModifier === "+" ? "?" : raw.optionalModifier === "-" ? "-?" : "";
        const as = raw.nameType ? ` as ${this.text(raw.nameType)}` : "";
        return `{ ${readonly}[${raw.parameter ?? "K"} in ${this.text(raw.parameterType)}${as}]${optional}: ${this.text(raw.templateType)} }`;
      }
      case "optional":
        return `${this.text(raw.elementType)}?`;
      case "rest":
        return `...${this.text(raw.elementType)}`;
      default:
        return raw.name ?? raw.type;
    }
  }

  private tupleElement(raw: RawType): ApiTupleElement {
    if (raw.type === "namedTupleMember" || raw.type === "named-tuple-member") {
      const inner = this.tupleElement(raw.element ?? { type: "unknown" });
      return { ...inner, name: raw.name ?? "", optional: Boolean(raw.isOptional) || inner.optional };
    }
    if (raw.type === "optional") return { optional: true, rest: false, type: this.operand(raw.elementType) };
    if (raw.type === "rest") return { optional: false, rest: true, type: this.operand(raw.elementType) };
    return { optional: false, rest: false, type: this.convert(raw) };
  }

  /** An object literal or function type: properties, methods and index signatures as properties. */
  private reflection(declaration: RawReflection | undefined): ApiType {
    const properties: ApiTypeProperty[] = [];
    for (const child of declaration?.children ?? []) {
      const kind = kindOf(child);
      const optional = Boolean(child.flags?.isOptional);
      const readonly = Boolean(child.flags?.isReadonly);
      const type =
        kind === "method"
          ? { kind: "reflection" as const, properties: [], signatures: (child.signatures ?? []).map((s) => this.signature(s)) }
          : kind === "accessor"
            ? this.type(asList(child.getSignature)[0]?.type)
            : this.type(child.type);
      properties.push({ name: child.name, optional, readonly, ...(type && { type }) });
    }
    const indexSignatures = [...asList(declaration?.indexSignature), ...(declaration?.indexSignatures ?? [])];
    for (const index of indexSignatures) {
      const key = index.parameters?.[0];
      const type = this.type(index.type);
      properties.push({
        name: `[${key?.name ?? "key"}: ${this.text(key?.type)}]`,
        optional: false,
        readonly: Boolean(index.flags?.isReadonly),
        ...(type && { type }),
      });
    }
    return {
      kind: "reflection",
      properties,
      signatures: (declaration?.signatures ?? []).map((signature) => this.signature(signature)),
    };
  }
}

function literalText(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (value === null) return "null";
  if (typeof value === "object" && "value" in value) {
    // TypeDoc writes bigint literals as { negative, value }.
    const big = value as { negative?: boolean; value: string };
    return `${big.negative ? "-" : ""}${big.value}n`;
  }
  return String(value);
}
