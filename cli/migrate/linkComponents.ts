/**
 * Finds the components of a Docusaurus site's own `src/` that only make a link, so migrate can map them in
 * `mdx.linkComponents` instead of dropping them. Their source is parsed with TypeScript's parser (JSX): a
 * component qualifies when it returns a single `<Link to={...}>` (or `<a href>`) holding `{children}`, its
 * target built by `+` or a template from strings, its own props and at most one call (Docusaurus sites compute
 * the page's version so, as CARTA's `getVersion()` does). That call is read as "the page's version": a target
 * starting with the docs route then a version call becomes `{docs}...`, the API route then a version call
 * `api:...`; a target with no call is the same path for every version.
 *
 * Candidates are the components registered in `src/theme/MDXComponents.*` and those the docs import from the
 * site's own files (`@site/src/...`).
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

export interface ComponentSource {
  /** Name the docs use. */
  name: string;
  /** Module it is imported from, as written ("@site/src/components/VersionedLink"). */
  from: string;
  /** Name exported by that module ("default" for a default import). */
  exported: string;
}

const SOURCE_EXTENSIONS = [".tsx", ".ts", ".jsx", ".js", ".mjs"];

function parse(file: string): ts.SourceFile {
  const kind = /\.tsx?$/.test(file) ? ts.ScriptKind.TSX : ts.ScriptKind.JSX;
  return ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, kind);
}

/** The site file a module specifier names ("@site/src/x", "./x", "../x"), if it exists. */
export function resolveSiteModule(siteDir: string, fromFile: string, specifier: string): string | undefined {
  const base = specifier.startsWith("@site/") ? path.join(siteDir, specifier.slice("@site/".length)) : specifier.startsWith(".") ? path.resolve(path.dirname(fromFile), specifier) : undefined;
  if (!base) return undefined;
  const candidates = [base, ...SOURCE_EXTENSIONS.map((ext) => base + ext), ...SOURCE_EXTENSIONS.map((ext) => path.join(base, `index${ext}`))];
  return candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile());
}

/** The components `src/theme/MDXComponents.*` registers (names of its default export object) with where they come from. */
export function registeredComponents(siteDir: string): { file?: string; components: ComponentSource[] } {
  const file = SOURCE_EXTENSIONS.map((ext) => path.join(siteDir, "src/theme", `MDXComponents${ext}`)).find((f) => fs.existsSync(f));
  if (!file) return { components: [] };
  const source = parse(file);
  const imports = importsOf(source);
  const components: ComponentSource[] = [];
  const readObject = (object: ts.ObjectLiteralExpression) => {
    for (const property of object.properties) {
      const local = ts.isShorthandPropertyAssignment(property) ? property.name.text : ts.isPropertyAssignment(property) && ts.isIdentifier(property.initializer) ? property.initializer.text : undefined;
      const name = property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? property.name.text : undefined;
      const imported = local ? imports.get(local) : undefined;
      if (name && imported) components.push({ name, ...imported });
    }
  };
  for (const statement of source.statements) {
    if (ts.isExportAssignment(statement) && ts.isObjectLiteralExpression(statement.expression)) readObject(statement.expression);
  }
  return { file, components };
}

/** Local name -> the module and export it is imported from. */
function importsOf(source: ts.SourceFile): Map<string, { from: string; exported: string }> {
  const imports = new Map<string, { from: string; exported: string }>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || !statement.importClause) continue;
    const from = statement.moduleSpecifier.text;
    const clause = statement.importClause;
    if (clause.name) imports.set(clause.name.text, { from, exported: "default" });
    if (clause.namedBindings && ts.isNamedImports(clause.namedBindings)) {
      for (const element of clause.namedBindings.elements) imports.set(element.name.text, { from, exported: (element.propertyName ?? element.name).text });
    }
  }
  return imports;
}

/** The function a module exports under `exported`. */
function exportedFunction(source: ts.SourceFile, exported: string): ts.FunctionLikeDeclaration | undefined {
  const isExported = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const isDefault = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
  let localName = exported;
  for (const statement of source.statements) {
    if (exported === "default" && ts.isExportAssignment(statement) && ts.isIdentifier(statement.expression)) localName = statement.expression.text;
  }
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name) {
      if (exported === "default" ? isDefault(statement) || statement.name.text === localName : statement.name.text === exported && isExported(statement)) return statement;
    }
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (ts.isIdentifier(declaration.name) && declaration.name.text === localName && init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) return init;
      }
    }
  }
  return undefined;
}

/** The single JSX element a component returns. */
function returnedElement(fn: ts.FunctionLikeDeclaration): ts.JsxElement | undefined {
  let body: ts.Node | undefined = fn.body;
  if (body && ts.isBlock(body)) {
    const returns = body.statements.filter(ts.isReturnStatement);
    body = returns.length === 1 ? returns[0]!.expression : undefined;
  }
  while (body && ts.isParenthesizedExpression(body)) body = body.expression;
  return body && ts.isJsxElement(body) ? body : undefined;
}

/** Names of the props the component destructures ({ children, path }). */
function propNames(fn: ts.FunctionLikeDeclaration): Set<string> {
  const first = fn.parameters[0];
  const names = new Set<string>();
  if (first && ts.isObjectBindingPattern(first.name)) {
    for (const element of first.name.elements) if (ts.isIdentifier(element.name)) names.add(element.name.text);
  }
  return names;
}

type Part = { kind: "text"; text: string } | { kind: "prop"; name: string } | { kind: "version" };

/** The parts a link target is made of, or undefined when it holds anything else. */
function targetParts(expression: ts.Expression, props: Set<string>): Part[] | undefined {
  if (ts.isParenthesizedExpression(expression)) return targetParts(expression.expression, props);
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return [{ kind: "text", text: expression.text }];
  if (ts.isIdentifier(expression)) return props.has(expression.text) ? [{ kind: "prop", name: expression.text }] : undefined;
  if (ts.isCallExpression(expression) && expression.arguments.length === 0 && ts.isIdentifier(expression.expression)) return [{ kind: "version" }];
  if (ts.isBinaryExpression(expression) && expression.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = targetParts(expression.left, props);
    const right = targetParts(expression.right, props);
    return left && right ? [...left, ...right] : undefined;
  }
  if (ts.isTemplateExpression(expression)) {
    const parts: Part[] = [{ kind: "text", text: expression.head.text }];
    for (const span of expression.templateSpans) {
      const inner = targetParts(span.expression, props);
      if (!inner) return undefined;
      parts.push(...inner, { kind: "text", text: span.literal.text });
    }
    return parts;
  }
  return undefined;
}

/**
 * The carta-docs target of a link built from `parts`, with the site's docs and API routes (without slashes:
 * "docs", "api"); undefined when the version is used elsewhere than right after one of them.
 */
function patternOf(parts: Part[], docsRoute: string, apiRoute: string | undefined): string | undefined {
  const text = parts.map((part) => (part.kind === "text" ? part.text : part.kind === "prop" ? `{${part.name}}` : "\0")).join("");
  const versionAt = text.indexOf("\0");
  if (versionAt < 0) return text;
  if (text.indexOf("\0", versionAt + 1) >= 0) return undefined;
  const before = text.slice(0, versionAt).replace(/\/+$/, "");
  const after = text.slice(versionAt + 1);
  if (before === `/${docsRoute}`) return `{docs}${after}`;
  // api: links take a path from the API root ("api:/.-stores/class/AppStore"), as the prop holds it.
  if (apiRoute !== undefined && before === `/${apiRoute}`) return `api:${after}`;
  return undefined;
}

/** The carta-docs target of the component `exported` of `file`, if it only makes a link. */
export function linkComponentTarget(file: string, exported: string, docsRoute: string, apiRoute: string | undefined): { target: string; line: number } | undefined {
  const source = parse(file);
  const fn = exportedFunction(source, exported);
  const element = fn && returnedElement(fn);
  if (!fn || !element) return undefined;
  const tag = element.openingElement.tagName.getText(source);
  const linkAttribute = tag === "Link" ? "to" : tag === "a" ? "href" : undefined;
  const children = element.children.filter((child) => !(ts.isJsxText(child) && child.containsOnlyTriviaWhiteSpaces));
  const holdsChildren = children.length === 1 && ts.isJsxExpression(children[0]!) && children[0].expression !== undefined && ts.isIdentifier(children[0].expression) && children[0].expression.text === "children";
  if (!linkAttribute || !holdsChildren) return undefined;
  const attribute = element.openingElement.attributes.properties.find((p): p is ts.JsxAttribute => ts.isJsxAttribute(p) && p.name.getText(source) === linkAttribute);
  const initializer = attribute?.initializer;
  const expression = initializer && ts.isJsxExpression(initializer) ? initializer.expression : initializer && ts.isStringLiteral(initializer) ? initializer : undefined;
  const parts = expression && targetParts(expression, propNames(fn));
  const target = parts && patternOf(parts, docsRoute, apiRoute);
  return target === undefined ? undefined : { target, line: source.getLineAndCharacterOfPosition(fn.getStart(source)).line + 1 };
}
