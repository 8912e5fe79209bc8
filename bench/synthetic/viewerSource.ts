/**
 * A generated TypeScript code base shaped like the viewer's: seven API areas, each an index file that
 * re-exports parts of about twenty declarations (classes with members, interfaces, enums, functions).
 * Declaration `i` has the same name, kind and file whatever the total, so a later version only adds.
 */
import path from "node:path";
import { paragraph, seeded, sentence, TOPICS, words, type Random } from "./random.ts";

export interface ApiArea {
  /** Folder under src/. */
  dir: string;
  /** Route segment of the area, as in the site config. */
  slug: string;
  title: string;
  /** Ends the names of the area's classes, interfaces and enums. */
  noun: string;
}

export const API_AREAS: readonly ApiArea[] = [
  { dir: "components", slug: ".-components", title: "Components", noun: "Component" },
  { dir: "components/Dialogs", slug: ".-components/Dialogs", title: "Dialogs", noun: "Dialog" },
  { dir: "components/Shared", slug: ".-components/Shared", title: "Shared components", noun: "Widget" },
  { dir: "models", slug: ".-models", title: "Models", noun: "Model" },
  { dir: "services", slug: ".-services", title: "Services", noun: "Service" },
  { dir: "stores", slug: ".-stores", title: "Stores", noun: "Store" },
  { dir: "utilities", slug: ".-utilities", title: "Utilities", noun: "Util" },
];

type DeclarationKind = "class" | "interface" | "enum" | "function";

export interface Declaration {
  index: number;
  name: string;
  kind: DeclarationKind;
  area: ApiArea;
  /** Part file of the area it lives in. */
  part: number;
}

/** 30% classes, 25% interfaces, 10% enums, 35% functions, interleaved. */
const KIND_CYCLE: readonly DeclarationKind[] = [
  "class", "function", "interface", "function", "class", "enum", "function", "interface", "class", "function",
  "interface", "class", "function", "enum", "interface", "class", "function", "interface", "class", "function",
];
const PER_PART = 20;
const VERBS = ["compute", "format", "parse", "convert", "normalize", "estimate", "resolve", "merge"] as const;

export function planDeclarations(count: number): Declaration[] {
  return Array.from({ length: count }, (_, index) => {
    const area = API_AREAS[index % API_AREAS.length]!;
    const inArea = Math.floor(index / API_AREAS.length);
    const kind = KIND_CYCLE[inArea % KIND_CYCLE.length]!;
    const topic = TOPICS[inArea % TOPICS.length]!;
    const suffix = { class: "", interface: "Options", enum: "Kind", function: "" }[kind];
    const name = kind === "function" ? `${VERBS[index % VERBS.length]}${topic}${index}` : `${topic}${area.noun}${suffix}${index}`;
    return { index, name, kind, area, part: Math.floor(inArea / PER_PART) };
  });
}

const partFile = (area: ApiArea, part: number) => `src/${area.dir}/part-${String(part).padStart(2, "0")}.ts`;

/** The interface every class refers to, so TypeDoc resolves types across areas as in the real viewer. */
function modelReference(plan: Declaration[]): Declaration {
  const found = plan.find((d) => d.area.dir === "models" && d.kind === "interface" && d.part === 0);
  if (!found) throw new Error("the synthetic code base needs at least one model interface; raise the declaration count");
  return found;
}

function doc(lines: string[], indent = ""): string {
  return [`${indent}/**`, ...lines.map((line) => (line ? `${indent} * ${line}` : `${indent} *`)), `${indent} */`].join("\n");
}

function classSource(d: Declaration, random: Random, model: string, partner: Declaration | undefined): string {
  const see = partner ? ["", `Works together with {@link ${partner.name}}.`] : [];
  return `${doc([sentence(random), ...see])}
export class ${d.name} {
${doc([sentence(random)], "    ")}
    readonly id: number;
${doc([sentence(random)], "    ")}
    label: string;
${doc([sentence(random)], "    ")}
    source?: ${model};
    private readonly cache = new Map<string, number>();

${doc([sentence(random), "", `@param id ${sentence(random)}`, `@param label ${sentence(random)}`], "    ")}
    constructor(id: number, label = "${d.name.toLowerCase()}") {
        this.id = id;
        this.label = label;
    }

${doc([sentence(random)], "    ")}
    get summary(): string {
        return \`\${this.id}: \${this.label}\`;
    }

${doc([sentence(random), "", `@param value ${sentence(random)}`, `@returns ${sentence(random)}`], "    ")}
    setLabel(value: string): this {
        this.label = value;
        return this;
    }

${doc([sentence(random), "", `@param values ${sentence(random)}`, `@param scale ${sentence(random)}`], "    ")}
    measure(values: readonly number[], scale = 1): number {
        const key = values.join(",");
        const total = this.cache.get(key) ?? values.reduce((sum, value) => sum + value, 0);
        this.cache.set(key, total);
        return total * scale;
    }

${doc([sentence(random)], "    ")}
    static create(id: number): ${d.name} {
        return new ${d.name}(id);
    }
}`;
}

function interfaceSource(d: Declaration, random: Random): string {
  const [a, b] = [words(random, 1), words(random, 1)];
  return `${doc([sentence(random)])}
export interface ${d.name} {
${doc([sentence(random)], "    ")}
    readonly id: number;
${doc([sentence(random)], "    ")}
    title: string;
${doc([sentence(random)], "    ")}
    values: number[];
${doc([sentence(random)], "    ")}
    mode?: "${a}" | "${b}-mode";
${doc([sentence(random), "", `@param next ${sentence(random)}`], "    ")}
    update(next: Partial<${d.name}>): void;
}`;
}

function enumSource(d: Declaration, random: Random): string {
  const members = ["NONE", "FIRST", "SECOND", "ALL"].map((member) => `${doc([sentence(random)], "    ")}\n    ${member} = "${member.toLowerCase()}"`);
  return `${doc([sentence(random)])}\nexport enum ${d.name} {\n${members.join(",\n")}\n}`;
}

function functionSource(d: Declaration, random: Random): string {
  if (d.index % 3 === 0) {
    return `${doc([sentence(random), "", `@typeParam T ${sentence(random)}`, `@param items ${sentence(random)}`, `@param id ${sentence(random)}`, `@returns ${sentence(random)}`])}
export function ${d.name}<T extends { id: number }>(items: readonly T[], id: number): T | undefined {
    return items.find((item) => item.id === id);
}`;
  }
  return `${doc([sentence(random), "", `@param input ${sentence(random)}`, `@param factor ${sentence(random)}`, `@returns ${sentence(random)}`])}
export function ${d.name}(input: readonly number[], factor = 1): number[] {
    return input.map((value) => value * factor);
}`;
}

function partSource(declarations: Declaration[], model: Declaration): string {
  const file = partFile(declarations[0]!.area, declarations[0]!.part);
  const modelFile = partFile(model.area, model.part);
  const needsModel = declarations.some((d) => d.kind === "class") && file !== modelFile;
  const importPath = path.posix.relative(path.posix.dirname(file), modelFile).replace(/\.ts$/, "");
  const header = needsModel ? `import type { ${model.name} } from "${importPath.startsWith(".") ? importPath : `./${importPath}`}";\n\n` : "";
  const partner = declarations.find((d) => d.kind === "function");
  const body = declarations.map((d) => {
    const random = seeded(d.index + 1);
    if (d.kind === "class") return classSource(d, random, model.name, partner);
    if (d.kind === "interface") return interfaceSource(d, random);
    if (d.kind === "enum") return enumSource(d, random);
    return functionSource(d, random);
  });
  return `${header}${body.join("\n\n")}\n`;
}

export interface ViewerRelease {
  /** package.json version, e.g. "2.0.0". */
  version: string;
  declarations: number;
  /** Changelog entries, newest first. */
  changelog: { version: string; notes: string[] }[];
}

/** Every file of the code base at one release, by path relative to the viewer root. */
export function viewerFiles(release: ViewerRelease): Map<string, string> {
  const plan = planDeclarations(release.declarations);
  const model = modelReference(plan);
  const files = new Map<string, string>();
  for (const area of API_AREAS) {
    const inArea = plan.filter((d) => d.area === area);
    const parts = [...new Set(inArea.map((d) => d.part))];
    for (const part of parts) files.set(partFile(area, part), partSource(inArea.filter((d) => d.part === part), model));
    const exports = parts.map((part) => `export * from "./${path.posix.basename(partFile(area, part), ".ts")}";`);
    const overview = paragraph(seeded(area.dir.length * 7919), 2);
    files.set(`src/${area.dir}/index.ts`, `${doc([`${area.title}: ${overview}`, "", "@packageDocumentation"])}\n${exports.join("\n")}\n`);
  }
  const store = plan.find((d) => d.area.dir === "stores" && d.kind === "class")!;
  files.set("src/index.tsx", `export { ${store.name} } from "./stores";\n\n/** Version of the synthetic viewer. */\nexport const VIEWER_VERSION = "${release.version}";\n`);
  files.set("package.json", `${JSON.stringify({ name: "synthetic-viewer", version: release.version, private: true, type: "module" }, null, 2)}\n`);
  files.set(
    "tsconfig.json",
    `${JSON.stringify(
      {
        compilerOptions: { target: "ES2022", module: "ESNext", moduleResolution: "bundler", lib: ["ES2022"], strict: true, noEmit: true, skipLibCheck: true, types: [] },
        include: ["src"],
      },
      null,
      2,
    )}\n`,
  );
  const changelog = release.changelog.map(({ version, notes }) => `## [${version}]\n\n${notes.map((note) => `- ${note}`).join("\n")}\n`);
  files.set("CHANGELOG.md", `# Changelog\n\n${changelog.join("\n")}`);
  return files;
}
