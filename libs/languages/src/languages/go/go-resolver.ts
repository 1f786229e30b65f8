import type { ExternalName, InheritanceRow, SymbolRow } from '@lore/domain';
import type { ExternalReferenceRows } from '../../external-references';
import { compare, indexByName, type ImportEdges, type SiteCalls } from '../../tree-sitter/edges';
import { EXTERNAL, fieldInHierarchy, findInHierarchy, MAX_EVAL_DEPTH, UNKNOWN, type Unresolved } from '../../tree-sitter/resolution';
import type { CrossFileResolver } from '../../tree-sitter/tree-sitter-extraction';
import {
  BUILTIN_FUNCTIONS,
  BUILTIN_TYPES,
  type GoCallable,
  type GoCallSite,
  type GoExpr,
  type GoFile,
  type GoFunc,
  type GoPackage,
  type GoType,
  type LocalType,
} from './go-model';
import { defaultPackageName, ModuleLocator } from './go-modules';
import { elementType } from './go-syntax';

/** What a call's names are looked up in: the function's locals and file, or (package level) the file's alone. */
interface GoScope {
  file: GoFunc['file'];
  locals: ReadonlyMap<string, LocalType>;
}
const NO_LOCALS: ReadonlyMap<string, LocalType> = new Map();

/** What a name or expression evaluates to, as far as call resolution can tell. */
type GoValue =
  | { kind: 'package'; pkg: GoPackage }
  | { kind: 'callable'; callable: GoCallable }
  | { kind: 'typeName'; type: GoType }
  | { kind: 'value'; text: string; file: GoFile }
  | Unresolved;

/** How many embeddings deep a promoted method or field is looked for. */
const MAX_EMBEDDING_DEPTH = 5;

/** Phase two: packages, imports, types and calls across the repository. */
export class GoResolver implements CrossFileResolver<GoCallSite> {
  private readonly byImportPath = new Map<string, GoPackage>();
  private readonly byDir = new Map<string, GoPackage>();
  private readonly methodCandidates = new Map<string, SymbolRow[]>();
  private readonly anyGoMod: boolean;

  constructor(
    rootPath: string,
    private readonly packages: readonly GoPackage[],
    private readonly files: readonly GoFile[],
    private readonly external: ExternalReferenceRows,
    private readonly fileUidOf: (path: string) => string,
  ) {
    const modules = new ModuleLocator(rootPath);
    for (const pkg of packages) {
      pkg.importPath = modules.importPathOf(pkg.dir);
      if (pkg.name.endsWith('_test')) continue;
      // The importable package of a directory: the one with the most files (ties: the first seen).
      const current = this.byDir.get(pkg.dir);
      if (!current || pkg.files.length > current.files.length) {
        this.byDir.set(pkg.dir, pkg);
        if (pkg.importPath !== null) this.byImportPath.set(pkg.importPath, pkg);
      }
    }
    this.anyGoMod = modules.found;
    for (const file of files) {
      for (const spec of file.importSpecs) {
        const target = this.packageOf(spec.path);
        file.imports.set(spec.alias ?? target?.name ?? defaultPackageName(spec.path), spec.path);
      }
    }
    for (const pkg of packages) {
      for (const [receiver, methods] of pkg.methods) {
        const owner = pkg.types.get(receiver);
        for (const method of methods.values()) {
          if (owner) method.symbol.parentUid = owner.symbol.uid;
          indexByName(this.methodCandidates, method.symbol);
        }
      }
      for (const type of pkg.types.values())
        for (const method of type.interfaceMethods.values()) indexByName(this.methodCandidates, method.symbol);
    }
  }

  /** A package of this repository by import path; without any go.mod, by the longest directory the path ends with. */
  private packageOf(importPath: string): GoPackage | null {
    const found = this.byImportPath.get(importPath);
    if (found) return found;
    if (this.anyGoMod) return null;
    const parts = importPath.split('/');
    for (let i = 0; i < parts.length; i++) {
      const pkg = this.byDir.get(parts.slice(i).join('/'));
      if (pkg) return pkg;
    }
    return null;
  }

  addImports(edges: ImportEdges): void {
    for (const file of this.files) {
      for (const path of [...file.importSpecs.map((spec) => spec.path), ...file.dotImports]) {
        const target = this.packageOf(path);
        if (target) {
          for (const other of target.files) if (!other.path.endsWith('_test.go')) edges.add(file.path, other.path, [target.name]);
        } else if (isModulePath(path)) {
          this.external.addImport(this.fileUidOf(file.path), `go:${path}`, '', [defaultPackageName(path)]);
        }
      }
    }
  }

  /** `pkg.Name` with `pkg` an import of a module outside the repository (not the standard library): a name of that module. */
  private externalName(file: GoFile, locals: ReadonlyMap<string, unknown> | null, expr: GoExpr): ExternalName | null {
    if (expr.kind !== 'selector' || expr.operand.kind !== 'ident') return null;
    const name = expr.operand.name;
    if (locals?.has(name) || file.pkg.funcs.has(name) || file.pkg.types.has(name)) return null;
    const importPath = file.imports.get(name);
    if (importPath === undefined || !isModulePath(importPath) || this.packageOf(importPath) !== null) return null;
    return { package: `go:${importPath}`, module: '', path: [expr.field] };
  }

  inheritance(): InheritanceRow[] {
    const rows: InheritanceRow[] = [];
    const interfaces: { type: GoType; methods: Set<string> }[] = [];
    for (const pkg of this.packages) {
      for (const type of pkg.types.values()) {
        if (!type.isInterface) continue;
        const methods = this.interfaceMethodNames(type, 0, new Set());
        if (methods.size > 0) interfaces.push({ type, methods });
        for (const embedded of type.embeddedInterfaces) {
          const parent = this.resolveType(embedded, type.file);
          if (typeof parent !== 'string' && parent.isInterface && parent !== type)
            rows.push({ fromUid: type.symbol.uid, toUid: parent.symbol.uid, kind: 'EXTENDS' });
          const outside = this.externalName(type.file, null, selectorOf(embedded));
          if (outside) this.external.addInheritance(type.symbol.uid, outside, 'EXTENDS');
        }
      }
    }
    // Each interface is checked only against the types that have its first method name.
    const byFirstMethod = new Map<string, { type: GoType; methods: Set<string> }[]>();
    for (const entry of interfaces) {
      const first = [...entry.methods].sort(compare)[0]!;
      const list = byFirstMethod.get(first);
      if (list) list.push(entry);
      else byFirstMethod.set(first, [entry]);
    }
    for (const pkg of this.packages) {
      for (const [receiver, methods] of pkg.methods) {
        const type = pkg.types.get(receiver);
        if (!type || type.isInterface) continue;
        for (const name of methods.keys()) {
          for (const candidate of byFirstMethod.get(name) ?? []) {
            if ([...candidate.methods].every((method) => methods.has(method)))
              rows.push({ fromUid: type.symbol.uid, toUid: candidate.type.symbol.uid, kind: 'IMPLEMENTS' });
          }
        }
      }
    }
    return rows;
  }

  private interfaceMethodNames(type: GoType, depth: number, seen: Set<GoType>): Set<string> {
    const names = new Set(type.interfaceMethods.keys());
    if (depth > 8 || seen.has(type)) return names;
    seen.add(type);
    for (const embedded of type.embeddedInterfaces) {
      const parent = this.resolveType(embedded, type.file);
      if (typeof parent !== 'string' && parent.isInterface)
        for (const name of this.interfaceMethodNames(parent, depth + 1, seen)) names.add(name);
    }
    return names;
  }

  resolveCall(site: GoCallSite, calls: SiteCalls): void {
    const fn = site.fn;
    // A package-level initializer sees the package's names and the file's imports, no locals.
    const scope: GoScope = site.caller ?? { file: site.file, locals: NO_LOCALS };
    const outside = this.externalName(scope.file, scope.locals, fn);
    if (outside) {
      // A function of another module: no edge here, a link when a repository that provides it is
      // indexed. Links join symbols, so a package-level initializer's call gives none.
      if (site.caller) this.external.addCall(site.caller.symbol.uid, outside, site.line);
      return;
    }
    if (fn.kind === 'ident') {
      const value = this.evalIdent(scope, fn.name);
      if (value.kind === 'callable') calls.followed(value.callable.symbol);
      return;
    }
    if (fn.kind !== 'selector') return;
    const operand = this.evalExpr(scope, fn.operand, 0, 0);
    switch (operand.kind) {
      case 'package': {
        const target = operand.pkg.funcs.get(fn.field);
        if (target) calls.followed(target.symbol);
        return;
      }
      case 'typeName': {
        const method = this.findMethod(operand.type, fn.field);
        if (method) calls.followed(method.symbol);
        return;
      }
      case 'value': {
        const type = this.resolveType(operand.text, operand.file);
        if (type === 'unknown') calls.byName(this.methodCandidates.get(fn.field));
        if (typeof type === 'string') return;
        const method = this.findMethod(type, fn.field);
        if (method) calls.followed(method.symbol);
        return;
      }
      case 'unknown':
        calls.byName(this.methodCandidates.get(fn.field));
    }
  }

  private evalIdent(fn: GoScope, name: string): GoValue {
    const local = fn.locals.get(name);
    if (local) return this.evalLocal(fn, local, 0);
    const pkg = fn.file.pkg;
    const func = pkg.funcs.get(name);
    if (func) return { kind: 'callable', callable: func };
    const type = pkg.types.get(name);
    if (type) return { kind: 'typeName', type };
    const imported = fn.file.imports.get(name);
    if (imported !== undefined) {
      const target = this.packageOf(imported);
      return target ? { kind: 'package', pkg: target } : EXTERNAL;
    }
    for (const path of fn.file.dotImports) {
      const target = this.packageOf(path);
      const found = target?.funcs.get(name) ?? target?.types.get(name);
      if (found) return 'receiverType' in found ? { kind: 'callable', callable: found } : { kind: 'typeName', type: found };
    }
    return BUILTIN_FUNCTIONS.has(name) || BUILTIN_TYPES.has(name) ? EXTERNAL : UNKNOWN;
  }

  private evalLocal(fn: GoScope, local: LocalType, depth: number): GoValue {
    switch (local.kind) {
      case 'callable':
        return local;
      case 'type':
        return { kind: 'value', text: local.text, file: fn.file };
      case 'expr':
        return this.evalExpr(fn, local.expr, local.result, depth + 1);
      case 'element': {
        const collection = this.evalExpr(fn, local.of, 0, depth + 1);
        return collection.kind === 'value' ? this.elementOf(collection) : collection.kind === 'external' ? EXTERNAL : UNKNOWN;
      }
      default:
        return UNKNOWN;
    }
  }

  private evalExpr(fn: GoScope, expr: GoExpr, result: number, depth: number): GoValue {
    if (depth > MAX_EVAL_DEPTH) return UNKNOWN;
    switch (expr.kind) {
      case 'ident': {
        const local = fn.locals.get(expr.name);
        return local ? this.evalLocal(fn, local, depth + 1) : this.evalIdent(fn, expr.name);
      }
      case 'selector': {
        const operand = this.evalExpr(fn, expr.operand, 0, depth + 1);
        return this.member(operand, expr.field);
      }
      case 'call': {
        const callee = this.evalExpr(fn, expr.fn, 0, depth + 1);
        if (callee.kind === 'callable') {
          const type = callee.callable.results[result];
          return type ? { kind: 'value', text: type, file: callee.callable.file } : UNKNOWN;
        }
        if (callee.kind === 'typeName') return { kind: 'value', text: callee.type.symbol.name, file: callee.type.file };
        return callee.kind === 'external' ? EXTERNAL : UNKNOWN;
      }
      case 'typed':
        return { kind: 'value', text: expr.type, file: fn.file };
      case 'index': {
        const operand = this.evalExpr(fn, expr.operand, 0, depth + 1);
        return operand.kind === 'value' ? this.elementOf(operand) : operand.kind === 'external' ? EXTERNAL : UNKNOWN;
      }
      default:
        return UNKNOWN;
    }
  }

  private member(operand: GoValue, name: string): GoValue {
    switch (operand.kind) {
      case 'package': {
        const func = operand.pkg.funcs.get(name);
        if (func) return { kind: 'callable', callable: func };
        const type = operand.pkg.types.get(name);
        return type ? { kind: 'typeName', type } : UNKNOWN;
      }
      case 'value': {
        const type = this.resolveType(operand.text, operand.file);
        if (typeof type === 'string') return type === 'external' ? EXTERNAL : UNKNOWN;
        const method = this.findMethod(type, name);
        if (method) return { kind: 'callable', callable: method };
        const field = this.findField(type, name);
        return field ? { kind: 'value', text: field.text, file: field.owner.file } : UNKNOWN;
      }
      case 'typeName': {
        const method = this.findMethod(operand.type, name);
        return method ? { kind: 'callable', callable: method } : UNKNOWN;
      }
      case 'external':
        return EXTERNAL;
      default:
        return UNKNOWN;
    }
  }

  private elementOf(value: { text: string; file: GoFile }): GoValue {
    let element = elementType(value.text);
    let file = value.file;
    if (element === null) {
      // A named slice or map type: `type Quotes []Quote`.
      const named = this.resolveType(value.text, value.file);
      if (typeof named === 'string' || named.underlying === null)
        return typeof named === 'string' && named === 'external' ? EXTERNAL : UNKNOWN;
      element = elementType(named.underlying);
      file = named.file;
    }
    return element === null ? UNKNOWN : { kind: 'value', text: element, file };
  }

  /** A type as written in a file: a repository type, `external` (builtin, other module, composite) or `unknown`. */
  private resolveType(text: string, file: GoFile): GoType | 'external' | 'unknown' {
    let type = text.replace(/\s+/g, ' ').trim();
    while (type.startsWith('*')) type = type.slice(1).trim();
    const generic = /^([\w.]+)\[.*\]$/.exec(type);
    if (generic) type = generic[1]!;
    if (type.startsWith('struct')) return 'unknown';
    if (!/^[\p{L}_][\p{L}\p{N}_]*(\.[\p{L}_][\p{L}\p{N}_]*)?$/u.test(type)) return 'external';
    const dot = type.indexOf('.');
    if (dot >= 0) {
      const importPath = file.imports.get(type.slice(0, dot));
      if (importPath === undefined) return 'unknown';
      const pkg = this.packageOf(importPath);
      return pkg ? (pkg.types.get(type.slice(dot + 1)) ?? 'unknown') : 'external';
    }
    const local = file.pkg.types.get(type);
    if (local) return local;
    for (const path of file.dotImports) {
      const found = this.packageOf(path)?.types.get(type);
      if (found) return found;
    }
    return BUILTIN_TYPES.has(type) ? 'external' : 'unknown';
  }

  /** A method of a type, declared on it or promoted from what it embeds (an interface's: its own or an embedded interface's). */
  private findMethod(type: GoType, name: string): GoCallable | null {
    return findInHierarchy(
      type,
      (owner) => owner.pkg.methods.get(owner.symbol.name)?.get(name) ?? owner.interfaceMethods.get(name) ?? null,
      (owner) => this.repositoryTypes(owner.isInterface ? owner.embeddedInterfaces : owner.embedded, owner.file),
      MAX_EMBEDDING_DEPTH,
    );
  }

  /** A field's type as written, and the file that writes it: the struct's own field or one promoted from an embedded struct. */
  private findField(type: GoType, name: string): { text: string; owner: GoType } | null {
    return fieldInHierarchy(type, name, (owner) => this.repositoryTypes(owner.embedded, owner.file), MAX_EMBEDDING_DEPTH);
  }

  /** The repository types among types as written in a file, resolved one at a time as they are asked for. */
  private *repositoryTypes(texts: readonly string[], file: GoFile): Iterable<GoType> {
    for (const text of texts) {
      const type = this.resolveType(text, file);
      if (typeof type !== 'string') yield type;
    }
  }
}

/** An import path of a module (its first element a domain name), not of the standard library. */
function isModulePath(importPath: string): boolean {
  return importPath.split('/')[0]!.includes('.');
}

/** `pkg.Name` as written (an embedded interface) as the selector expression it is. */
function selectorOf(text: string): GoExpr {
  const [operand, field, ...rest] = text.split('.');
  return field !== undefined && rest.length === 0
    ? { kind: 'selector', operand: { kind: 'ident', name: operand! }, field }
    : { kind: 'other' };
}
