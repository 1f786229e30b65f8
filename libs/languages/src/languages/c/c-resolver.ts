import type { InheritanceRow, SkippedFile, SymbolRow } from '@lore/domain';
import { compare, indexByName, type ImportEdges, type SiteCalls } from '../../tree-sitter/edges';
import { findInHierarchy } from '../../tree-sitter/resolution';
import type { CrossFileResolver } from '../../tree-sitter/tree-sitter-extraction';
import { resolveInclude } from './c-includes';
import type { CCallSite, CFile, CFunction, CType } from './c-model';

/** How many includes deep a file's visible declarations are followed, and base classes up. */
const MAX_INCLUDE_DEPTH = 24;
const MAX_BASE_DEPTH = 12;
/** How many missing headers a file's skipped entry names. */
const MAX_MISSING_NAMED = 3;

/**
 * Resolves C and C++ across the repository. Includes: each `#include` to the repository file it
 * names (resolveInclude); a quoted one that names none is listed with its file. Calls, `import`
 * when followed: a lambda bound to the name; a method of the caller's class (and its bases) for a
 * bare name in a method; a function the file defines or declares itself or through its includes,
 * with one definition in the repository (the one in the same file first); `obj.f()` / `p->f()` /
 * `this->f()` on a local, parameter, field or `this` whose class the code spells out; `A::f()` /
 * `ns::f()` by its qualified name; `new T(...)` to T's constructor. A bare name that is no function
 * of the repository is a macro, a library function or a local: no edge. Otherwise the name among
 * the repository's functions (or methods, for `obj.f()`): `name` for one, `ambiguous` for a few.
 * EXTENDS: each base class written in a class's base clause that names a class of the repository.
 */
export class CResolver implements CrossFileResolver<CCallSite> {
  private readonly typesByKey = new Map<string, CType>();
  private readonly typesByName = new Map<string, CType[]>();
  /** Functions and methods by their scope path's key ('ns::A::f'), definitions first. */
  private readonly byPath = new Map<string, CFunction[]>();
  private readonly methodsByOwner = new Map<string, CFunction[]>();
  private readonly freeByName = new Map<string, SymbolRow[]>();
  private readonly methodsByName = new Map<string, SymbolRow[]>();
  private readonly freeFunctions = new Map<string, CFunction[]>();
  private readonly includes = new Map<string, string[]>();
  private readonly visible = new Map<string, Set<string>>();

  constructor(
    private readonly files: readonly CFile[],
    includeDirs: readonly string[],
    skipped: SkippedFile[],
  ) {
    for (const file of files)
      for (const type of file.types) {
        this.typesByKey.set(type.path.join('::'), type);
        const named = this.typesByName.get(type.path[type.path.length - 1]!);
        if (named) named.push(type);
        else this.typesByName.set(type.path[type.path.length - 1]!, [type]);
      }
    const functions = files.flatMap((file) => file.functions);
    for (const fn of functions) this.settleOwner(fn);
    // Definitions before declarations, so that a call goes to the body.
    functions.sort((a, b) => Number(b.hasBody) - Number(a.hasBody));
    for (const fn of functions) {
      if (fn.symbol.nested || fn.symbol.kind === 'test') continue;
      push(this.byPath, fn.path.join('::'), fn);
      if (fn.owner) {
        push(this.methodsByOwner, fn.owner.join('::'), fn);
        if (fn.hasBody || !this.hasDefinition(fn)) indexByName(this.methodsByName, fn.symbol);
      } else {
        push(this.freeFunctions, fn.symbol.name, fn);
        indexByName(this.freeByName, fn.symbol);
      }
    }
    const paths = new Set(files.map((file) => file.path));
    for (const file of files) {
      const resolved: string[] = [];
      const missing: string[] = [];
      for (const include of file.includes) {
        const target = resolveInclude(include.path, include.quoted, file.dir, includeDirs, (path) => paths.has(path));
        if (target) resolved.push(target);
        else if (include.quoted) missing.push(include.path);
      }
      this.includes.set(file.path, resolved);
      if (missing.length > 0) {
        const named = missing.slice(0, MAX_MISSING_NAMED).map((path) => `"${path}"`);
        const more = missing.length > MAX_MISSING_NAMED ? ` and ${missing.length - MAX_MISSING_NAMED} more` : '';
        skipped.push({ path: file.path, reason: `partly resolved: #include ${named.join(', ')}${more} not found in the repository` });
      }
    }
  }

  /** An out-of-line `X::f` is a method when X is a class of the repository, else a function of namespace X. */
  private settleOwner(fn: CFunction): void {
    if (!fn.ownerFromQualifier || !fn.owner) return;
    if (this.typeAt(fn.owner, fn.path.slice(0, -fn.owner.length))) return;
    fn.owner = null;
    fn.symbol.kind = 'function';
  }

  private hasDefinition(fn: CFunction): boolean {
    return (this.byPath.get(fn.path.join('::')) ?? []).some((other) => other.hasBody);
  }

  resolveCall(site: CCallSite, calls: SiteCalls): void {
    const { caller, callee } = site;
    switch (callee.kind) {
      case 'name': {
        for (let fn: CFunction | null = caller; fn; fn = fn.enclosing) {
          const lambda = fn.lambdas.get(callee.name);
          if (lambda) return calls.followed(lambda.symbol);
        }
        if (caller.owner) {
          const method = this.methodOf(caller.owner, callee.name);
          if (method) return calls.followed(method.symbol);
        }
        const candidates = this.freeFunctions.get(callee.name);
        if (!candidates) return;
        const sameFile = candidates.filter((fn) => fn.file === caller.file && fn.hasBody);
        if (sameFile.length === 1) return calls.followed(sameFile[0]!.symbol);
        const definitions = candidates.filter((fn) => fn.hasBody);
        if (definitions.length === 1 && this.visibleNames(caller.file.path).has(callee.name)) return calls.followed(definitions[0]!.symbol);
        return calls.byName(this.freeByName.get(callee.name));
      }
      case 'member': {
        const typePath =
          callee.object === 'this'
            ? caller.owner
            : callee.object
              ? (caller.locals.get(callee.object) ?? this.fieldType(caller.owner, callee.object))
              : null;
        const type = typePath ? this.typeAt(typePath, caller.path) : null;
        const method = type ? this.methodOf(type.path, callee.name) : null;
        if (method) return calls.followed(method.symbol);
        // A value of a type outside the repository: its methods are not ours.
        if (typePath && !type) return;
        return calls.byName(this.methodsByName.get(callee.name));
      }
      case 'qualified': {
        const found = this.functionAt(callee.path, caller.path);
        if (found.length === 1) return calls.followed(found[0]!.symbol);
        if (found.length > 1) calls.byName(found.map((fn) => fn.symbol));
        return;
      }
      case 'new': {
        const type = this.typeAt(callee.type, caller.path);
        const constructor = type ? this.methodOf(type.path, type.path[type.path.length - 1]!) : null;
        if (constructor) calls.followed(constructor.symbol);
        return;
      }
    }
  }

  /** The class a written type path names from a scope: the innermost enclosing scope first, then a unique class of that name. */
  private typeAt(written: readonly string[], scope: readonly string[]): CType | null {
    for (let length = scope.length; length >= 0; length--) {
      const type = this.typesByKey.get([...scope.slice(0, length), ...written].join('::'));
      if (type) return type;
    }
    const named = (this.typesByName.get(written[written.length - 1]!) ?? []).filter((type) => endsWith(type.path, written));
    return named.length === 1 ? named[0]! : null;
  }

  /** The functions a qualified name (`A::f`, `ns::f`) names from a scope. */
  private functionAt(written: readonly string[], scope: readonly string[]): CFunction[] {
    for (let length = scope.length; length >= 0; length--) {
      const found = this.byPath.get([...scope.slice(0, length), ...written].join('::'));
      if (found) return found.filter((fn, _, all) => fn.hasBody || !all.some((other) => other.hasBody));
    }
    const owner = this.typeAt(written.slice(0, -1), scope);
    const method = owner ? this.methodOf(owner.path, written[written.length - 1]!) : null;
    return method ? [method] : [];
  }

  /** A method of a class or, through its bases, one it inherits (the definition when there is one). */
  private methodOf(owner: readonly string[], name: string): CFunction | null {
    const start = this.typesByKey.get(owner.join('::'));
    const own = (type: readonly string[]) => (this.methodsByOwner.get(type.join('::')) ?? []).find((fn) => fn.symbol.name === name) ?? null;
    if (!start) return own(owner);
    return findInHierarchy(
      start,
      (type) => own(type.path),
      (type) => type.bases.map((base) => this.typeAt(base, type.path.slice(0, -1))).filter((base): base is CType => base !== null),
      MAX_BASE_DEPTH,
    );
  }

  private fieldType(owner: readonly string[] | null, name: string): string[] | null {
    const type = owner ? this.typesByKey.get(owner.join('::')) : undefined;
    const field = type?.fields.get(name);
    return field && field.length > 0 ? field : null;
  }

  /** The function names a file declares or defines, itself or through the headers it includes. */
  private visibleNames(path: string): Set<string> {
    let names = this.visible.get(path);
    if (names) return names;
    names = new Set();
    const byPath = new Map(this.files.map((file) => [file.path, file]));
    const seen = new Set<string>([path]);
    let frontier = [path];
    for (let depth = 0; depth <= MAX_INCLUDE_DEPTH && frontier.length > 0; depth++) {
      const next: string[] = [];
      for (const current of frontier) {
        for (const name of byPath.get(current)?.declaredFunctions ?? []) names.add(name);
        for (const included of this.includes.get(current) ?? []) if (!seen.has(included) && seen.add(included)) next.push(included);
      }
      frontier = next;
    }
    this.visible.set(path, names);
    return names;
  }

  inheritance(): InheritanceRow[] {
    const rows: InheritanceRow[] = [];
    for (const type of this.typesByKey.values())
      for (const base of type.bases) {
        const target = this.typeAt(base, type.path.slice(0, -1));
        if (target && target !== type) rows.push({ fromUid: type.symbol.uid, toUid: target.symbol.uid, kind: 'EXTENDS' });
      }
    return rows;
  }

  addImports(edges: ImportEdges): void {
    for (const file of [...this.files].sort((a, b) => compare(a.path, b.path)))
      for (const target of this.includes.get(file.path) ?? []) edges.add(file.path, target, []);
  }
}

function push<V>(map: Map<string, V[]>, key: string, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function endsWith(path: readonly string[], suffix: readonly string[]): boolean {
  return suffix.length <= path.length && suffix.every((part, index) => path[path.length - suffix.length + index] === part);
}
