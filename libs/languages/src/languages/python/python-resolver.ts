import { posix } from 'node:path';
import type { ExternalName, InheritanceRow, SymbolRow } from '@lore/domain';
import type { ExternalReferenceRows } from '../../external-references';
import { indexByName, type ImportEdges, type SiteCalls } from '../../tree-sitter/edges';
import { EXTERNAL, findInHierarchy, MAX_EVAL_DEPTH, UNKNOWN, type Unresolved } from '../../tree-sitter/resolution';
import type { CrossFileResolver } from '../../tree-sitter/tree-sitter-extraction';
import {
  BUILTINS,
  COLLECTION_ELEMENT,
  selfNameOf,
  type Binding,
  type PyCallSite,
  type PyClass,
  type PyExpr,
  type PyFunction,
  type PyModule,
  type TypeSource,
} from './python-model';

/** What a name or expression evaluates to, as far as call resolution can tell. */
type Value = { kind: 'class'; cls: PyClass } | { kind: 'function'; symbol: SymbolRow } | { kind: 'module'; module: PyModule } | Unresolved;

/** How many base classes up a member is looked for. */
const MAX_BASE_DEPTH = 16;

/** Phase two: follows call sites and base classes through the whole repository's modules. */
export class PythonResolver implements CrossFileResolver<PyCallSite> {
  private readonly modules = new Map<string, PyModule>();
  private readonly classes = new Map<string, PyClass>();
  private readonly functions = new Map<string, PyFunction>();
  /** Module-level functions and classes by name (fallback for bare calls). */
  private readonly bareCandidates = new Map<string, SymbolRow[]>();
  /** Methods by name (fallback for member calls). */
  private readonly methodCandidates = new Map<string, SymbolRow[]>();

  constructor(
    modules: readonly PyModule[],
    symbols: readonly SymbolRow[],
    private readonly external: ExternalReferenceRows,
    private readonly fileUidOf: (path: string) => string,
  ) {
    for (const module of modules) {
      this.modules.set(module.path, module);
      for (const cls of module.classes) this.classes.set(cls.symbol.uid, cls);
      for (const fn of module.functions) this.functions.set(fn.symbol.uid, fn);
    }
    for (const symbol of symbols) {
      if (symbol.kind === 'method') indexByName(this.methodCandidates, symbol);
      // A lambda is reached through what it is bound to, never guessed by its name from elsewhere.
      else if (symbol.parentUid === null && !symbol.nested && (symbol.kind === 'function' || symbol.kind === 'class'))
        indexByName(this.bareCandidates, symbol);
    }
  }

  resolveCall(site: PyCallSite, calls: SiteCalls): void {
    const module = site.module;
    const named = site.receiver === null ? [site.name] : site.receiver.kind === 'path' ? [...site.receiver.parts, site.name] : null;
    const outside = named && this.externalName(module, site.caller, named);
    if (outside) {
      // A name imported from another package: no edge here, a link when a repository that provides it
      // is indexed. Links join symbols, so a call the module makes as it loads gives none.
      if (site.caller) this.external.addCall(site.caller.symbol.uid, outside, site.line);
      return;
    }
    if (site.receiver === null) {
      const value = this.evalName(module, site.caller, site.name, 0);
      const target = calleeOf(value);
      if (target) calls.followed(target);
      else if (value.kind === 'unknown' && !BUILTINS.has(site.name)) calls.byName(this.bareCandidates.get(site.name));
      return;
    }
    if (site.receiver.kind === 'super') {
      const cls = site.caller?.cls;
      if (!cls) return;
      for (const base of this.basesOf(cls)) {
        const member = this.findMember(base, site.name);
        if (member) {
          calls.followed(member);
          return;
        }
      }
      return;
    }
    const receiver = this.evalExpr(module, site.caller, site.receiver, 0);
    switch (receiver.kind) {
      case 'class':
        calls.followedOrByName(this.findMember(receiver.cls, site.name), this.methodCandidates.get(site.name));
        return;
      case 'module':
        calls.followedOrByName(calleeOf(this.memberOfModule(receiver.module, site.name, 0)), this.bareCandidates.get(site.name));
        return;
      case 'unknown':
        calls.byName(this.methodCandidates.get(site.name));
    }
  }

  inheritance(): InheritanceRow[] {
    const rows: InheritanceRow[] = [];
    for (const cls of this.classes.values()) {
      for (const base of this.basesOf(cls)) rows.push({ fromUid: cls.symbol.uid, toUid: base.symbol.uid, kind: 'EXTENDS' });
      for (const base of cls.bases) {
        const outside = base.kind === 'path' ? this.externalName(cls.module, null, base.parts) : null;
        if (outside) this.external.addInheritance(cls.symbol.uid, outside, 'EXTENDS');
      }
    }
    return rows;
  }

  addImports(edges: ImportEdges): void {
    for (const module of this.modules.values()) {
      for (const row of module.imports) edges.add(module.path, row.toPath, row.names, row.kind);
      for (const row of module.externalImports) {
        const { package: key, module: inside } = pythonModule(row.module);
        this.external.addImport(this.fileUidOf(module.path), key, inside, row.names);
      }
    }
  }

  /**
   * A dotted name (`f`, `contracts.f`, `a.b.C.method`) that starts with a binding of a module
   * outside the repository, as a name of that package; null when code of the repository binds it.
   */
  private externalName(module: PyModule, fn: PyFunction | null, parts: readonly string[]): ExternalName | null {
    const first = parts[0]!;
    if (isLocal(fn, first) || module.topLevel.has(first)) return null;
    for (let f = fn; f; f = f.enclosing) if (module.byQualifiedName.has(`${f.symbol.qualifiedName}.${first}`)) return null;
    // `import a.b.c` binds the dotted name: the longest bound prefix is the module.
    for (let k = parts.length; k >= 1; k--) {
      const binding = module.bindings.get(parts.slice(0, k).join('.'));
      if (!binding) continue;
      if (binding.path !== null || binding.internal || binding.module === null) return null;
      const names = binding.kind === 'symbol' ? [binding.name, ...parts.slice(k)] : parts.slice(k);
      return names.length > 0 ? { ...pythonModule(binding.module), path: names } : null;
    }
    return null;
  }

  /** Base classes found in the repository, resolved once. */
  private basesOf(cls: PyClass): PyClass[] {
    if (!cls.resolvedBases) {
      cls.resolvedBases = [];
      for (const base of cls.bases) {
        const value = this.evalExpr(cls.module, null, base, 0);
        if (value.kind === 'class' && value.cls !== cls) cls.resolvedBases.push(value.cls);
      }
    }
    return cls.resolvedBases;
  }

  /** A method or nested class of a class or, through its bases, inherited. */
  private findMember(cls: PyClass, name: string): SymbolRow | null {
    return findInHierarchy(
      cls,
      (owner) => owner.members.get(name) ?? null,
      (owner) => this.basesOf(owner),
      MAX_BASE_DEPTH,
    );
  }

  /** An attribute's type source (`self.x = …` in any method, or a class-level assignment), own or inherited. */
  private findAttribute(cls: PyClass, name: string): { source: TypeSource; fn: PyFunction | null; cls: PyClass } | null {
    return findInHierarchy(
      cls,
      (owner) => {
        const own = owner.attributes.get(name);
        return own ? { ...own, cls: owner } : null;
      },
      (owner) => this.basesOf(owner),
      MAX_BASE_DEPTH,
    );
  }

  private evalName(module: PyModule, fn: PyFunction | null, name: string, depth: number): Value {
    if (depth > MAX_EVAL_DEPTH) return UNKNOWN;
    for (let f = fn; f; f = f.enclosing) {
      if (f.selfName === name && f.cls) return { kind: 'class', cls: f.cls };
      const local = f.locals.get(name);
      if (local) return this.evalSource(module, f, local, depth + 1);
      const nested = module.byQualifiedName.get(`${f.symbol.qualifiedName}.${name}`);
      if (nested && nested.parentUid === f.symbol.uid) return this.valueOfSymbol(module, nested, depth);
    }
    const top = module.topLevel.get(name);
    if (top) return this.valueOfSymbol(module, top, depth);
    const binding = module.bindings.get(name);
    if (binding) return this.evalBinding(binding, depth + 1);
    const global = module.globals.get(name);
    if (global) return this.evalSource(module, null, global, depth + 1);
    for (const star of module.starImports) {
      const found = this.exportOf(star, name, depth + 1);
      if (found) return found;
    }
    return BUILTINS.has(name) ? EXTERNAL : UNKNOWN;
  }

  private valueOfSymbol(module: PyModule, symbol: SymbolRow, depth: number): Value {
    if (symbol.kind === 'class') {
      const cls = this.classes.get(symbol.uid);
      return cls ? { kind: 'class', cls } : UNKNOWN;
    }
    if (symbol.kind === 'variable') {
      const source = module.globals.get(symbol.name);
      return source ? this.evalSource(module, null, source, depth + 1) : UNKNOWN;
    }
    return { kind: 'function', symbol };
  }

  private evalBinding(binding: Binding, depth: number): Value {
    if (binding.kind === 'module') {
      const module = binding.path ? this.modules.get(binding.path) : undefined;
      return module ? { kind: 'module', module } : binding.internal ? UNKNOWN : EXTERNAL;
    }
    if (!binding.path) return binding.internal ? UNKNOWN : EXTERNAL;
    return this.exportOf(binding.path, binding.name, depth + 1) ?? UNKNOWN;
  }

  /** A module's top-level name, following `from x import y` re-exports and star imports. */
  private exportOf(path: string, name: string, depth: number): Value | null {
    if (depth > MAX_EVAL_DEPTH) return null;
    const module = this.modules.get(path);
    if (!module) return null;
    const top = module.topLevel.get(name);
    if (top) return this.valueOfSymbol(module, top, depth);
    const binding = module.bindings.get(name);
    if (binding) return this.evalBinding(binding, depth + 1);
    for (const star of module.starImports) {
      const found = this.exportOf(star, name, depth + 1);
      if (found) return found;
    }
    return null;
  }

  private memberOfModule(module: PyModule, name: string, depth: number): Value {
    const exported = this.exportOf(module.path, name, depth + 1);
    if (exported) return exported;
    if (module.path.endsWith('__init__.py')) {
      const dir = posix.dirname(module.path);
      const base = dir === '.' ? name : `${dir}/${name}`;
      const submodule = this.modules.get(`${base}.py`) ?? this.modules.get(`${base}/__init__.py`);
      if (submodule) return { kind: 'module', module: submodule };
    }
    return UNKNOWN;
  }

  private evalMember(value: Value, name: string, depth: number): Value {
    switch (value.kind) {
      case 'class': {
        const member = this.findMember(value.cls, name);
        if (member) return this.valueOfSymbol(value.cls.module, member, depth);
        const attribute = this.findAttribute(value.cls, name);
        return attribute ? this.evalSource(attribute.cls.module, attribute.fn, attribute.source, depth + 1) : UNKNOWN;
      }
      case 'module':
        return this.memberOfModule(value.module, name, depth);
      case 'external':
        return EXTERNAL;
      default:
        return UNKNOWN;
    }
  }

  private evalPath(module: PyModule, fn: PyFunction | null, parts: string[], depth: number): Value {
    let value: Value | null = null;
    let next = 1;
    if (!isLocal(fn, parts[0]!)) {
      // `import a.b.c` bound the dotted name: `a.b.c.f()` starts from the module a.b.c.
      for (let k = parts.length; k >= 2 && value === null; k--) {
        const binding = module.bindings.get(parts.slice(0, k).join('.'));
        if (binding?.kind === 'module') {
          value = this.evalBinding(binding, depth + 1);
          next = k;
        }
      }
    }
    value ??= this.evalName(module, fn, parts[0]!, depth + 1);
    for (let i = next; i < parts.length; i++) value = this.evalMember(value, parts[i]!, depth + 1);
    return value;
  }

  private evalExpr(module: PyModule, fn: PyFunction | null, expr: PyExpr, depth: number): Value {
    if (depth > MAX_EVAL_DEPTH) return UNKNOWN;
    switch (expr.kind) {
      case 'path':
        return this.evalPath(module, fn, expr.parts, depth + 1);
      case 'call': {
        const callee = this.evalExpr(module, fn, expr.callee, depth + 1);
        if (callee.kind === 'class' || callee.kind === 'external') return callee;
        if (callee.kind === 'function') {
          const target = this.functions.get(callee.symbol.uid);
          return target?.returns ? this.evalAnnotation(target.module, target.returns, depth + 1) : UNKNOWN;
        }
        return UNKNOWN;
      }
      default:
        return UNKNOWN;
    }
  }

  private evalSource(module: PyModule, fn: PyFunction | null, source: TypeSource, depth: number): Value {
    if (depth > MAX_EVAL_DEPTH) return UNKNOWN;
    switch (source.kind) {
      case 'annotation':
        return this.evalAnnotation(module, source.text, depth + 1);
      case 'value':
        return this.evalExpr(module, fn, source.expr, depth + 1);
      case 'element': {
        const collection = this.annotationOf(module, fn, source.of);
        const element = collection ? COLLECTION_ELEMENT.exec(collection.text.replace(/\s+/g, '')) : null;
        return element ? this.evalAnnotation(collection!.module, element[1]!, depth + 1) : UNKNOWN;
      }
    }
  }

  /** The annotation of a variable or `self.attribute`, for the element type of a loop over it. */
  private annotationOf(module: PyModule, fn: PyFunction | null, expr: PyExpr): { module: PyModule; text: string } | null {
    if (expr.kind !== 'path') return null;
    if (expr.parts.length === 1) {
      for (let f = fn; f; f = f.enclosing) {
        const local = f.locals.get(expr.parts[0]!);
        if (local) return local.kind === 'annotation' ? { module, text: local.text } : null;
      }
      const global = module.globals.get(expr.parts[0]!);
      return global?.kind === 'annotation' ? { module, text: global.text } : null;
    }
    if (expr.parts.length === 2 && fn?.cls && expr.parts[0] === selfNameOf(fn)) {
      const attribute = this.findAttribute(fn.cls, expr.parts[1]!);
      return attribute?.source.kind === 'annotation' ? { module: attribute.cls.module, text: attribute.source.text } : null;
    }
    return null;
  }

  /** `Invoice`, `'Invoice'`, `Optional[Invoice]`, `Invoice | None`, `models.Invoice`; generics are their base (`list[X]` is a list). */
  private evalAnnotation(module: PyModule, text: string, depth: number): Value {
    let type = text
      .trim()
      .replace(/^(['"])(.*)\1$/, '$2')
      .trim();
    const optional = /^(?:typing\.)?Optional\[(.*)\]$/.exec(type);
    if (optional) type = optional[1]!.trim();
    const union = type.split('|').map((part) => part.trim());
    if (union.length === 2 && union.includes('None')) type = union.find((part) => part !== 'None')!;
    const bracket = type.indexOf('[');
    if (bracket >= 0) type = type.slice(0, bracket).trim();
    if (!/^[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*$/.test(type)) return UNKNOWN;
    const value = this.evalPath(module, null, type.split('.'), depth + 1);
    return value.kind === 'class' || value.kind === 'external' ? value : UNKNOWN;
  }
}

/** A dotted module name as a package (its top-level name) and the module inside it. */
function pythonModule(dotted: string): { package: string; module: string } {
  const [top, ...rest] = dotted.split('.');
  return { package: `python:${top}`, module: rest.join('/') };
}

function isLocal(fn: PyFunction | null, name: string): boolean {
  for (let f = fn; f; f = f.enclosing) if (f.selfName === name || f.locals.has(name)) return true;
  return false;
}

function calleeOf(value: Value): SymbolRow | null {
  if (value.kind === 'class') return value.cls.symbol;
  if (value.kind === 'function') return value.symbol;
  return null;
}
