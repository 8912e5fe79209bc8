/**
 * The config reference page (docs/config.md), generated from the zod schema through its JSON Schema: every
 * key with its type, default, description and example. A test keeps the page and the schema in step.
 */
import { z } from "zod";
import { siteConfigSchema } from "./schema.ts";

export interface JsonSchema {
  type?: string;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
  description?: string;
  examples?: unknown[];
}

/** One key of the config: its dotted path (`[]` for the elements of a list) and its schema. */
export interface ConfigKey {
  path: string;
  schema: JsonSchema;
  required: boolean;
}

/** The schema as authors write it (defaults not yet applied); a function is a schema of its own (`{}`). */
function configJsonSchema(): JsonSchema {
  return z.toJSONSchema(siteConfigSchema, { unrepresentable: "any", io: "input" }) as JsonSchema;
}

/** Every key, parents before their children, in the schema's order. */
export function configKeys(root: JsonSchema = configJsonSchema()): ConfigKey[] {
  const keys: ConfigKey[] = [];
  const visitObject = (schema: JsonSchema, prefix: string) => {
    for (const [name, child] of Object.entries(schema.properties ?? {})) {
      const path = prefix ? `${prefix}.${name}` : name;
      keys.push({ path, schema: child, required: schema.required?.includes(name) ?? false });
      visitChildren(child, path);
    }
  };
  const visitChildren = (schema: JsonSchema, path: string) => {
    if (schema.properties) visitObject(schema, path);
    const element = schema.items;
    if (element?.properties) visitObject(element, `${path}[]`);
    // A list of a union (the navbar items): each variant's keys, but for its `type`, under the variant's name.
    for (const variant of element?.oneOf ?? element?.anyOf ?? []) {
      const kind = variant.properties?.type?.const;
      const own = Object.fromEntries(Object.entries(variant.properties ?? {}).filter(([name]) => name !== "type"));
      visitObject({ ...variant, properties: own }, `${path}[type=${JSON.stringify(kind)}]`);
    }
  };
  visitObject(root, "");
  return keys;
}

function typeText(schema: JsonSchema): string {
  const union = schema.oneOf ?? schema.anyOf;
  if (union) return union.every((s) => s.properties?.type?.const !== undefined) ? `object by \`type\`: ${union.map((s) => JSON.stringify(s.properties!.type!.const)).join(", ")}` : union.map(typeText).join(" \\| ");
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" \\| ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  switch (schema.type) {
    case "string":
      return schema.format === "uri" ? "URL" : schema.minLength ? "string (not empty)" : "string";
    case "integer":
    case "number": {
      // zod states "non-negative" with the largest safe integer as the maximum, and "positive" as exclusiveMinimum 0.
      const max = schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER ? schema.maximum : undefined;
      const range = schema.exclusiveMinimum !== undefined ? ` > ${schema.exclusiveMinimum}` : schema.minimum !== undefined ? (max !== undefined ? ` ${schema.minimum} to ${max}` : ` ≥ ${schema.minimum}`) : "";
      return `${schema.type}${range}`;
    }
    case "array":
      return `list of ${schema.items ? typeText(schema.items) : "unknown"}${schema.minItems ? ` (at least ${schema.minItems})` : ""}`;
    case "object":
      return typeof schema.additionalProperties === "object" ? `record of ${typeText(schema.additionalProperties)}` : "object";
    case undefined:
      return "function";
    default:
      return schema.type;
  }
}

function code(value: unknown): string {
  const text = typeof value === "string" && value.startsWith("(") ? value : JSON.stringify(value);
  return `\`${text.replace(/\|/g, "\\|")}\``;
}

function defaultText(key: ConfigKey): string {
  if (key.schema.default !== undefined) {
    const value = key.schema.default;
    return key.schema.properties && typeof value === "object" && value !== null && Object.keys(value).length === 0 ? "(its keys' defaults)" : code(value);
  }
  return key.required ? "**required**" : "(none)";
}

/** The page. */
export function configReference(): string {
  const rows = configKeys().map((key) => {
    const example = key.schema.examples?.[0];
    const cells = [`\`${key.path}\``, typeText(key.schema), defaultText(key), (key.schema.description ?? "").replace(/\|/g, "\\|"), example === undefined ? "" : code(example)];
    return `| ${cells.join(" | ")} |`;
  });
  return `<!-- Generated from cli/config/schema.ts by \`npm run config-reference\`; do not edit by hand. -->
# Configuration reference

A site is configured by \`site.config.ts\` beside its \`content/\` folder:

\`\`\`ts
import { defineConfig } from "carta-docs";

export default defineConfig({
  title: "My Project Docs",
});
\`\`\`

\`title\` is the only key a config needs. Keys are checked when the config loads: an unknown key or a wrong
value is an error naming \`site.config.ts\`, the key and what is accepted. \`a[]\` stands for each element of the
list \`a\`; \`navbar.items[type="link"].href\` for the \`href\` of a navbar item of type "link".

| key | type | default | description | example |
|---|---|---|---|---|
${rows.join("\n")}
`;
}
