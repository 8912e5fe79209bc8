/**
 * The uses of a checked page (see apiUses.ts), read from the program the check built: every identifier of the page's
 * blocks that the checker resolves to a declaration of the version's API (its source, or a snapshot's declarations)
 * which the model documents. The check has resolved these names already, so asking again costs little.
 */
import path from "node:path";
import ts from "typescript";
import { allItems, itemLocation, type ApiItem, type ApiMember, type ApiVersionModel } from "../api/model.ts";
import { signatureTokens, tokensToText, typeToText } from "../api/typeText.ts";
import type { BlockUse, PageUses, UseTarget } from "./apiUses.ts";

/** Finds the documented target declared in `file` (relative to the check's root) as `item`, or its member `member`. */
export type UseLookup = (file: string, item: string, member?: string) => UseTarget | undefined;

/** Where each block's code starts in a virtual file (0-based line), and the block's index in its page. */
export interface BlockStart {
  line: number;
  block: number;
  lines: number;
}

/**
 * A lookup over `model`, whose items are declared in the files `filesOf` names (a source's files, or the snapshot's
 * declaration file of each item), relative to the check's root.
 */
export function useLookup(model: ApiVersionModel, filesOf: (item: ApiItem) => readonly string[]): UseLookup {
  const byFile = new Map<string, Map<string, ApiItem>>();
  for (const item of allItems(model)) {
    for (const file of filesOf(item)) {
      const names = byFile.get(file) ?? byFile.set(file, new Map()).get(file)!;
      if (!names.has(item.name)) names.set(item.name, item);
    }
  }
  const targets = new Map<ApiItem | ApiMember, UseTarget>();
  return (file, name, memberName) => {
    const item = byFile.get(file)?.get(name);
    if (!item) return undefined;
    if (memberName === undefined) return targets.get(item) ?? targets.set(item, itemTarget(item)).get(item);
    const member = item.members.find((candidate) => candidate.name === memberName && !candidate.inheritedFrom);
    if (!member) return undefined;
    return targets.get(member) ?? targets.set(member, memberTarget(item, member)).get(member);
  };
}

function itemTarget(item: ApiItem): UseTarget {
  const signature = item.kind === "function" ? item.signatures.map((s) => tokensToText(signatureTokens(s, item.name))).join("\n") : item.declaration;
  return { location: itemLocation(item), label: item.name, signature, member: false };
}

/** A member's target; an item documented on a shared page (a type alias, a variable) gives its members its own anchor. */
function memberTarget(item: ApiItem, member: ApiMember): UseTarget {
  const location = item.anchor === undefined ? `${item.path}#${member.anchor}` : itemLocation(item);
  const owner = member.kind === "constructor" ? `new ${item.name}` : `${item.name}.${member.name}`;
  return { location, label: owner, signature: memberSignature(owner, member), member: true };
}

function memberSignature(owner: string, member: ApiMember): string {
  switch (member.kind) {
    case "constructor":
    case "method":
      return member.signatures.map((signature) => tokensToText(signatureTokens(signature, owner))).join("\n");
    case "property":
    case "accessor":
      return `${owner}${member.flags.includes("optional") ? "?" : ""}: ${member.type ? typeToText(member.type) : "unknown"}`;
    case "enumMember":
      return member.value === undefined ? owner : `${owner} = ${member.value}`;
  }
}

/** The uses in `file`, a virtual file of a page whose blocks start at `starts` (in line order). */
export function collectUses(file: ts.SourceFile, checker: ts.TypeChecker, starts: readonly BlockStart[], root: string, lookup: UseLookup, into: PageUses): void {
  const indexOf = new Map(into.targets.map((target, index) => [target, index]));
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) {
      const target = targetOf(node, checker, root, lookup);
      if (!target) return;
      const start = node.getStart(file);
      const { line, character } = file.getLineAndCharacterOfPosition(start);
      const at = starts.findLast((candidate) => candidate.line <= line);
      if (!at || line - at.line >= at.lines) return;
      let index = indexOf.get(target);
      if (index === undefined) indexOf.set(target, (index = into.targets.push(target) - 1));
      const use: BlockUse = { block: at.block, line: line - at.line, column: character, length: node.getEnd() - start, target: index };
      into.uses.push(use);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
}

/** The documented target `name` resolves to, if any. */
function targetOf(name: ts.Identifier, checker: ts.TypeChecker, root: string, lookup: UseLookup): UseTarget | undefined {
  let symbol = checker.getSymbolAtLocation(name);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  for (const declaration of symbol?.declarations ?? []) {
    const target = declarationTarget(declaration, root, lookup);
    if (target) return target;
  }
  return undefined;
}

function declarationTarget(declaration: ts.Declaration, root: string, lookup: UseLookup): UseTarget | undefined {
  const file = path.relative(root, declaration.getSourceFile().fileName).split(path.sep).join("/");
  if (file.startsWith("..")) return undefined;
  const { parent } = declaration;
  if (ts.isConstructorDeclaration(declaration)) return ts.isClassLike(parent) && parent.name ? lookup(file, parent.name.text, "constructor") : undefined;
  const name = nameOf(declaration);
  if (name === undefined) return undefined;
  if ((ts.isClassLike(parent) || ts.isInterfaceDeclaration(parent) || ts.isEnumDeclaration(parent)) && parent.name) return lookup(file, parent.name.text, name);
  return lookup(file, name);
}

function nameOf(declaration: ts.Declaration): string | undefined {
  const name = ts.getNameOfDeclaration(declaration);
  return name && (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name)) ? name.text : undefined;
}
