/**
 * Types and signatures of the model as TypeScript text, cut into tokens so templates can turn the
 * references into links while plain-text uses join them.
 */
import type { ApiItem, ApiParameter, ApiSignature, ApiType, ApiTypeParameter } from "./model.ts";

export interface TypeToken {
  text: string;
  /** Location of the referenced item (see `itemLocation`), for tokens that name one. */
  target?: string;
}

export function typeToText(type: ApiType): string {
  return tokensToText(typeTokens(type));
}

export function tokensToText(tokens: TypeToken[]): string {
  return tokens.map((token) => token.text).join("");
}

export function typeTokens(type: ApiType): TypeToken[] {
  const out = new TokenWriter();
  out.type(type);
  return out.tokens;
}

/**
 * A signature as declared: `name<T>(a: A, b?: B): R`. Without a name it is written as a function
 * type (`(a: A) => R`), or `new (a: A) => R` for a construct signature.
 */
export function signatureTokens(signature: ApiSignature, name?: string): TypeToken[] {
  const out = new TokenWriter();
  out.signature(signature, name);
  return out.tokens;
}

/** Type parameters as declared: `<T extends A = B, U>`; nothing for none. */
export function typeParameterTokens(parameters: ApiTypeParameter[]): TypeToken[] {
  const out = new TokenWriter();
  out.typeParameters(parameters);
  return out.tokens;
}

/** The item's declaration without members: `class A<T> extends B implements C`, `type X = Y`, ... */
export function declarationTokens(item: ApiItem): TypeToken[] {
  const out = new TokenWriter();
  out.declaration(item);
  return out.tokens;
}

/** Kinds that must be parenthesised inside arrays, unions and other operators. */
function isLoose(type: ApiType): boolean {
  return (
    type.kind === "union" ||
    type.kind === "intersection" ||
    type.kind === "conditional" ||
    (type.kind === "reflection" && type.properties.length === 0 && type.signatures.length > 0)
  );
}

class TokenWriter {
  readonly tokens: TypeToken[] = [];

  text(text: string): void {
    const last = this.tokens.at(-1);
    if (last && last.target === undefined) last.text += text;
    else this.tokens.push({ text });
  }

  list<T>(items: T[], separator: string, write: (item: T) => void): void {
    items.forEach((item, index) => {
      if (index > 0) this.text(separator);
      write(item);
    });
  }

  /** Writes `type`, in parentheses when it is loose and sits inside an operator. */
  operand(type: ApiType): void {
    if (!isLoose(type)) return this.type(type);
    this.text("(");
    this.type(type);
    this.text(")");
  }

  type(type: ApiType): void {
    switch (type.kind) {
      case "reference":
        if (type.target === undefined) this.text(type.name);
        else this.tokens.push({ text: type.name, target: type.target });
        if (type.typeArguments?.length) {
          this.text("<");
          this.list(type.typeArguments, ", ", (argument) => this.type(argument));
          this.text(">");
        }
        return;
      case "intrinsic":
        return this.text(type.name);
      case "literal":
        return this.text(type.value);
      case "union":
      case "intersection":
        return this.list(type.types, type.kind === "union" ? " | " : " & ", (member) => this.operand(member));
      case "array":
        this.operand(type.elementType);
        return this.text("[]");
      case "tuple":
        this.text("[");
        this.list(type.elements, ", ", (element) => {
          if (element.rest) this.text("...");
          if (element.name !== undefined) this.text(`${element.name}${element.optional ? "?" : ""}: `);
          this.type(element.type);
          if (element.name === undefined && element.optional) this.text("?");
        });
        return this.text("]");
      case "reflection":
        return this.reflection(type);
      case "typeOperator":
        this.text(`${type.operator} `);
        return this.operand(type.target);
      case "indexedAccess":
        this.operand(type.objectType);
        this.text("[");
        this.type(type.indexType);
        return this.text("]");
      case "conditional":
        this.operand(type.checkType);
        this.text(" extends ");
        this.operand(type.extendsType);
        this.text(" ? ");
        this.type(type.trueType);
        this.text(" : ");
        return this.type(type.falseType);
      case "query":
        this.text("typeof ");
        return this.type(type.queryType);
      case "templateLiteral":
        this.text(`\`${type.head}`);
        for (const [part, literal] of type.tail) {
          this.text("${");
          this.type(part);
          this.text(`}${literal}`);
        }
        return this.text("`");
      case "unknown":
        return this.text(type.text);
    }
  }

  reflection(type: Extract<ApiType, { kind: "reflection" }>): void {
    if (type.properties.length === 0 && type.signatures.length === 1) return this.signature(type.signatures[0]!);
    if (type.properties.length === 0 && type.signatures.length === 0) return this.text("{}");
    this.text("{ ");
    this.list(type.signatures, "; ", (signature) => this.signature(signature, ""));
    if (type.signatures.length > 0 && type.properties.length > 0) this.text("; ");
    this.list(type.properties, "; ", (property) => {
      this.text(`${property.readonly ? "readonly " : ""}${property.name}${property.optional ? "?" : ""}: `);
      if (property.type) this.type(property.type);
      else this.text("unknown");
    });
    this.text(" }");
  }

  declaration(item: ApiItem): void {
    const heritage = (keyword: string, types: ApiType[]) => {
      if (types.length === 0) return;
      this.text(` ${keyword} `);
      this.list(types, ", ", (type) => this.type(type));
    };
    switch (item.kind) {
      case "class":
        this.text(`${item.flags.includes("abstract") ? "abstract " : ""}class ${item.name}`);
        this.typeParameters(item.typeParameters);
        heritage("extends", item.extends);
        return heritage("implements", item.implements);
      case "interface":
        this.text(`interface ${item.name}`);
        this.typeParameters(item.typeParameters);
        return heritage("extends", item.extends);
      case "enum":
        return this.text(`${item.flags.includes("const") ? "const " : ""}enum ${item.name}`);
      case "function":
        return this.list(item.signatures, "\n", (signature) => {
          this.text("function ");
          this.signature(signature, item.name);
        });
      case "type":
        this.text(`type ${item.name}`);
        this.typeParameters(item.typeParameters);
        this.text(" = ");
        return this.type(item.type ?? { kind: "intrinsic", name: "unknown" });
      case "variable": {
        this.text(`${item.flags.includes("const") ? "const" : "let"} ${item.name}`);
        // `const X = 2` rather than `const X: 2 = 2`.
        if (item.type && typeToText(item.type) !== item.defaultValue) {
          this.text(": ");
          this.type(item.type);
        }
        if (item.defaultValue !== undefined) this.text(` = ${item.defaultValue}`);
        return;
      }
    }
  }

  typeParameters(parameters: ApiTypeParameter[]): void {
    if (parameters.length === 0) return;
    this.text("<");
    this.list(parameters, ", ", (parameter) => {
      this.text(parameter.name);
      if (parameter.constraint) {
        this.text(" extends ");
        this.type(parameter.constraint);
      }
      if (parameter.default) {
        this.text(" = ");
        this.type(parameter.default);
      }
    });
    this.text(">");
  }

  parameter(parameter: ApiParameter): void {
    this.text(`${parameter.rest ? "..." : ""}${parameter.name}${parameter.optional && !parameter.rest ? "?" : ""}`);
    if (!parameter.type) return;
    this.text(": ");
    this.type(parameter.type);
  }

  /** `name === undefined`: function type; `""`: call signature inside an object type. */
  signature(signature: ApiSignature, name?: string): void {
    if (signature.kind === "get") this.text("get ");
    if (signature.kind === "set") this.text("set ");
    if (name === undefined && signature.kind === "construct") this.text("new ");
    if (name !== undefined) this.text(name);
    this.typeParameters(signature.typeParameters);
    this.text("(");
    this.list(signature.parameters, ", ", (parameter) => this.parameter(parameter));
    this.text(")");
    if (!signature.returns || signature.kind === "set") return;
    this.text(name === undefined ? " => " : ": ");
    this.type(signature.returns);
  }
}
