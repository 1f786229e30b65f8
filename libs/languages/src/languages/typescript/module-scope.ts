import ts from 'typescript';
import type { SymbolRow } from '@lore/domain';

/**
 * What a file's top level says about names, read from syntax alone: where each imported name comes
 * from, and what the file exports under which name. Paths are repository-relative; `null` is a
 * module outside the repository (a package, a Node built-in).
 */
export interface ModuleFacts {
  /** Local name -> the module and the name it has there ('default', '*' for a namespace, or a name). */
  imports: Map<string, { from: string | null; name: string }>;
  /** Exported name -> local name: `export function a`, `export { a as b }`, `export default a`. */
  exports: Map<string, string>;
  /** `export { a as b } from './x'`, `export * as ns from './x'`: exported name -> (module, name). */
  reexports: Map<string, { from: string | null; name: string }>;
  /** `export * from './x'`, in order. */
  starExports: string[];
}

/** The same, as written: module specifiers not yet resolved, in plain lists (kept between runs). */
export interface WrittenModuleFacts {
  imports: [local: string, specifier: string, name: string][];
  exports: [exported: string, local: string][];
  reexports: [exported: string, specifier: string, name: string][];
  starExports: string[];
}

/** Reads the import and export statements of one file. */
export function readModuleFacts(sourceFile: ts.SourceFile): WrittenModuleFacts {
  const facts: WrittenModuleFacts = { imports: [], exports: [], reexports: [], starExports: [] };
  for (const statement of sourceFile.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const from = statement.moduleSpecifier.text;
      const clause = statement.importClause;
      if (clause?.name) facts.imports.push([clause.name.text, from, 'default']);
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) facts.imports.push([bindings.name.text, from, '*']);
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) facts.imports.push([element.name.text, from, (element.propertyName ?? element.name).text]);
      }
    } else if (
      ts.isImportEqualsDeclaration(statement) &&
      ts.isExternalModuleReference(statement.moduleReference) &&
      ts.isStringLiteral(statement.moduleReference.expression)
    ) {
      facts.imports.push([statement.name.text, statement.moduleReference.expression.text, '*']);
    } else if (ts.isVariableStatement(statement)) {
      readRequires(statement, facts);
      if (hasModifier(statement, ts.SyntaxKind.ExportKeyword)) {
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name)) facts.exports.push([declaration.name.text, declaration.name.text]);
        }
      }
    } else if (ts.isExportDeclaration(statement)) {
      const from = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
      const clause = statement.exportClause;
      if (from === undefined) {
        if (clause && ts.isNamedExports(clause)) {
          for (const element of clause.elements) facts.exports.push([element.name.text, (element.propertyName ?? element.name).text]);
        }
      } else if (!clause) {
        facts.starExports.push(from);
      } else if (ts.isNamespaceExport(clause)) {
        facts.reexports.push([clause.name.text, from, '*']);
      } else {
        for (const element of clause.elements) facts.reexports.push([element.name.text, from, (element.propertyName ?? element.name).text]);
      }
    } else if (ts.isExportAssignment(statement)) {
      if (ts.isIdentifier(statement.expression)) facts.exports.push(['default', statement.expression.text]);
    } else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isEnumDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement)) &&
      hasModifier(statement, ts.SyntaxKind.ExportKeyword)
    ) {
      const name = statement.name?.text ?? 'default';
      facts.exports.push([hasModifier(statement, ts.SyntaxKind.DefaultKeyword) ? 'default' : name, name]);
    }
  }
  return facts;
}

/** Resolves the specifiers of written facts to repository paths (`resolve` gives null outside it). */
export function resolveModuleFacts(written: WrittenModuleFacts, resolve: (specifier: string) => string | null): ModuleFacts {
  const facts: ModuleFacts = { imports: new Map(), exports: new Map(), reexports: new Map(), starExports: [] };
  for (const [local, specifier, name] of written.imports) facts.imports.set(local, { from: resolve(specifier), name });
  for (const [exported, local] of written.exports) facts.exports.set(exported, local);
  for (const [exported, specifier, name] of written.reexports) facts.reexports.set(exported, { from: resolve(specifier), name });
  for (const specifier of written.starExports) {
    const from = resolve(specifier);
    if (from !== null) facts.starExports.push(from);
  }
  return facts;
}

/** `const x = require('./y')` and `const { a, b: c } = require('./y')`. */
function readRequires(statement: ts.VariableStatement, facts: WrittenModuleFacts): void {
  for (const declaration of statement.declarationList.declarations) {
    const init = declaration.initializer;
    if (
      !init ||
      !ts.isCallExpression(init) ||
      !ts.isIdentifier(init.expression) ||
      init.expression.text !== 'require' ||
      init.arguments.length !== 1 ||
      !ts.isStringLiteral(init.arguments[0]!)
    )
      continue;
    const from = init.arguments[0].text;
    if (ts.isIdentifier(declaration.name)) facts.imports.push([declaration.name.text, from, '*']);
    else if (ts.isObjectBindingPattern(declaration.name)) {
      for (const element of declaration.name.elements) {
        const imported = element.propertyName ?? element.name;
        if (ts.isIdentifier(element.name) && ts.isIdentifier(imported)) facts.imports.push([element.name.text, from, imported.text]);
      }
    }
  }
}

function hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === kind);
}

/**
 * TypeScript keeps values and types apart: `type OK<T>` and `const OK = ...` are two declarations
 * of one name. A call looks for a value, a heritage clause for a type.
 */
export type NameSpace = 'value' | 'type';

const SPACES_OF: Record<SymbolRow['kind'], readonly NameSpace[]> = {
  class: ['value', 'type'],
  enum: ['value', 'type'],
  interface: ['type'],
  type: ['type'],
  function: ['value'],
  method: ['value'],
  property: ['value'],
  variable: ['value'],
  module: ['value'],
  test: [],
};

/**
 * A callee or heritage expression as data: `a.b.c` (`scope`: resolved from the file's names),
 * `this.a.b` (`this`: from the enclosing class), or anything else (a call's result, an element
 * access), kept by its last name for a guess.
 */
export type NameReference = { from: 'scope' | 'this'; chain: string[] } | { from: 'expression'; name: string | null };

export function referenceOf(expression: ts.Expression): NameReference {
  const chain: string[] = [];
  let owner = expression;
  while (ts.isPropertyAccessExpression(owner)) {
    chain.unshift(owner.name.text);
    owner = owner.expression;
  }
  if (ts.isIdentifier(owner)) return { from: 'scope', chain: [owner.text, ...chain] };
  if (owner.kind === ts.SyntaxKind.ThisKeyword && chain.length > 0) return { from: 'this', chain };
  return { from: 'expression', name: chain.length > 0 ? chain[chain.length - 1]! : null };
}

/** The name a guess by name goes by: `f` of `a.b.f()`. */
export function lastNameOf(reference: NameReference): string | null {
  return reference.from === 'expression' ? reference.name : reference.chain[reference.chain.length - 1]!;
}

/** What a name stands for: a symbol of the repository, a whole module of it, or something outside it. */
export type ScopeTarget = { kind: 'symbol'; uid: string } | { kind: 'module'; path: string } | { kind: 'external' };

const MAX_EXPORT_HOPS = 8;

/**
 * Resolves names the way a reader without types would: a file's own top-level declarations, then
 * its imports, followed through re-exports to the declaring file. No guess by name happens here.
 */
export class ModuleScope {
  /** By name space, then file path (top level) or owner uid (members), then name: keys are the rows' own strings. */
  private readonly topLevel: Record<NameSpace, Map<string, Map<string, string>>> = { value: new Map(), type: new Map() };
  private readonly members: Record<NameSpace, Map<string, Map<string, string>>> = { value: new Map(), type: new Map() };
  private readonly parents = new Map<string, string | null>();
  private readonly kinds = new Map<string, SymbolRow['kind']>();
  private readonly paths = new Map<string, string>();
  /** While set, gets every file whose names a resolution looks at, whether it finds them there or not. */
  reads: Set<string> | null = null;

  constructor(
    private readonly facts: ReadonlyMap<string, ModuleFacts>,
    symbols: readonly SymbolRow[],
  ) {
    for (const symbol of symbols) {
      this.parents.set(symbol.uid, symbol.parentUid);
      this.kinds.set(symbol.uid, symbol.kind);
      this.paths.set(symbol.uid, symbol.path);
      for (const space of SPACES_OF[symbol.kind]) {
        const table =
          symbol.parentUid === null ? this.tableOf(this.topLevel[space], symbol.path) : this.tableOf(this.members[space], symbol.parentUid);
        if (!table.has(symbol.name)) table.set(symbol.name, symbol.uid);
      }
    }
  }

  /** A reference in `path`'s code, inside the code of `callerUid` (for `this`). */
  resolveReference(reference: NameReference, path: string, callerUid: string | null, space: NameSpace): ScopeTarget | null {
    if (reference.from === 'expression') return null;
    const [first, ...rest] = reference.chain;
    // Owners of members are values (modules, classes, enums, objects); the last name is of `space`.
    let target =
      reference.from === 'this'
        ? callerUid === null
          ? null
          : this.resolveThisMember(callerUid, first!)
        : ((callerUid === null ? null : this.resolveLexical(callerUid, first!, rest.length === 0 ? space : 'value')) ??
          this.resolveName(path, first!, rest.length === 0 ? space : 'value'));
    for (let i = 0; i < rest.length && target !== null; i++)
      target = this.resolveMember(target, rest[i]!, i === rest.length - 1 ? space : 'value');
    return target;
  }

  /**
   * A name declared inside the bodies around `callerUid` (a nested function or a body bound to a
   * local variable), innermost first; a class's members are not in scope by their bare name.
   */
  private resolveLexical(callerUid: string, name: string, space: NameSpace): ScopeTarget | null {
    for (let uid: string | null | undefined = callerUid; uid; uid = this.parents.get(uid)) {
      const kind = this.kinds.get(uid);
      if (kind !== 'function' && kind !== 'method' && kind !== 'test') return null;
      const found = this.members[space].get(uid)?.get(name);
      if (found) return { kind: 'symbol', uid: found };
    }
    return null;
  }

  /** A name used in `path`'s code. */
  private resolveName(path: string, name: string, space: NameSpace): ScopeTarget | null {
    return this.resolveLocal(path, name, space, 0);
  }

  /** `X.name` where X is a module (namespace import) or a class, enum or object of the repository. */
  private resolveMember(target: ScopeTarget, name: string, space: NameSpace): ScopeTarget | null {
    if (target.kind === 'module') return this.resolveExport(target.path, name, space, 0);
    if (target.kind === 'symbol') {
      // A symbol's members are declared in its file.
      const path = this.paths.get(target.uid);
      if (path !== undefined) this.reads?.add(path);
      const uid = this.members[space].get(target.uid)?.get(name);
      return uid ? { kind: 'symbol', uid } : null;
    }
    return target;
  }

  /** `this.name` inside the code of `callerUid`: a member of the enclosing class. */
  private resolveThisMember(callerUid: string, name: string): ScopeTarget | null {
    for (let uid: string | null | undefined = callerUid; uid; uid = this.parents.get(uid)) {
      if (this.kinds.get(uid) === 'class') return this.resolveMember({ kind: 'symbol', uid }, name, 'value');
    }
    return null;
  }

  private resolveLocal(path: string, name: string, space: NameSpace, hops: number): ScopeTarget | null {
    this.reads?.add(path);
    const uid = this.topLevel[space].get(path)?.get(name);
    if (uid) return { kind: 'symbol', uid };
    const imported = this.facts.get(path)?.imports.get(name);
    if (!imported) return null;
    if (imported.from === null) return { kind: 'external' };
    return this.resolveExport(imported.from, imported.name, space, hops + 1);
  }

  private resolveExport(path: string, name: string, space: NameSpace, hops: number): ScopeTarget | null {
    if (hops > MAX_EXPORT_HOPS) return null;
    this.reads?.add(path);
    if (name === '*') return { kind: 'module', path };
    const facts = this.facts.get(path);
    if (!facts) return null;
    const local = facts.exports.get(name);
    if (local !== undefined) return this.resolveLocal(path, local, space, hops);
    const reexport = facts.reexports.get(name);
    if (reexport) return reexport.from === null ? { kind: 'external' } : this.resolveExport(reexport.from, reexport.name, space, hops + 1);
    for (const from of facts.starExports) {
      const found = this.resolveExport(from, name, space, hops + 1);
      if (found) return found;
    }
    return null;
  }

  private tableOf(tables: Map<string, Map<string, string>>, key: string): Map<string, string> {
    let table = tables.get(key);
    if (!table) tables.set(key, (table = new Map()));
    return table;
  }
}
