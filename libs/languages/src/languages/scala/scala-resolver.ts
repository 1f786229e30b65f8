import type { InheritanceRow } from '@lore/domain';
import type { ExternalReferenceRows } from '../../external-references';
import type { ImportEdges, SiteCalls } from '../../tree-sitter/edges';
import { EXTERNAL, UNKNOWN, type Unresolved } from '../../tree-sitter/resolution';
import type { CrossFileResolver } from '../../tree-sitter/tree-sitter-extraction';
import { addMethod, TypedResolution, type TypedExpr, type TypedLanguage, type TypedValue } from '../../tree-sitter/typed-values';
import { implementsInterface, inheritanceRows } from '../../tree-sitter/typed-walk';
import type { ScContext, ScFile, ScFunction, ScSite, ScType } from './scala-model';
import { isTypeLike } from './scala-syntax';

/** Packages of the platform and the standard library: never a repository's, never a dependency worth recording. */
const PLATFORM_PACKAGES = /^(scala|java|javax)(\.|$)/;

/**
 * Phase two: types and objects by full name (`acme.shop.Cart`), names resolved as the Scala
 * compiler looks them up (enclosing types and their members, explicit imports and renames, the
 * packages the file's clauses open, wildcard imports of packages and objects, full names),
 * top-level and package-object functions by package, extension methods joined to their receiver's
 * type, calls, supertypes and the files each file's imports name.
 */
export class ScalaResolver implements CrossFileResolver<ScSite> {
  /** Classes, traits, enums and givens by full name (a class before its companion object). */
  private readonly types = new Map<string, ScType>();
  /** Objects (and package objects) by full name. */
  private readonly objects = new Map<string, ScType>();
  /** Top-level and package-object functions by `package\0name`. */
  private readonly functions = new Map<string, ScFunction[]>();
  private readonly packages = new Set<string>();
  private readonly resolution: TypedResolution<ScContext>;

  constructor(
    private readonly files: readonly ScFile[],
    private readonly external: ExternalReferenceRows,
    private readonly fileUidOf: (path: string) => string,
  ) {
    for (const file of files) {
      for (const pkg of file.packages) for (let p = pkg; p; p = p.includes('.') ? p.slice(0, p.lastIndexOf('.')) : '') this.packages.add(p);
      for (const type of file.types) {
        const index = type.isObject ? this.objects : this.types;
        if (!index.has(type.fullName)) index.set(type.fullName, type);
        // A package object's members are its package's.
        if (type.symbol.kind === 'module') this.packages.add(type.fullName);
      }
      for (const { package: pkg, fn, receiver } of file.functions) {
        if (receiver) continue;
        const key = `${pkg}\u0000${fn.symbol.name}`;
        this.functions.set(key, [...(this.functions.get(key) ?? []), fn]);
      }
    }
    this.resolution = new TypedResolution(
      this.language(),
      files.flatMap((file) => file.methods),
    );
    // `extension (c: Cart) def size`: called as `cart.size`.
    for (const file of files)
      for (const { fn, receiver } of file.functions) {
        if (!receiver) continue;
        const type = this.resolveType(receiver, fn.file);
        if (!('symbol' in type)) continue;
        addMethod(type, fn.symbol.name, fn);
        fn.owner = type;
      }
  }

  private language(): TypedLanguage<ScContext> {
    return {
      resolveType: (text, context, callable) => this.resolveType(text, callable?.file ?? context),
      bareCallee: (name, args, caller) => this.bareFunction(name, args, caller) ?? UNKNOWN,
      resolvePath: () => UNKNOWN,
      nameValue: (name, caller) => this.termValue(name, caller.file),
    };
  }

  /** `f(...)`: a method of the enclosing types (implicit `this`), else a function in scope. */
  private bareFunction(name: string, args: number, caller: ScFunction): ScFunction | null {
    for (let type = caller.owner as ScType | null; type; type = type.outer) {
      const method = this.resolution.findMethod(type, name, args);
      if (method) return method;
    }
    return this.topLevelFunction(name, args, caller.file);
  }

  /** A name in a term's place: an object (a class's companion first), an enum or class (its cases, its static members), else outside or unknown. */
  private termValue(name: string, context: ScContext): TypedValue<ScContext> | null {
    const object = this.resolveObject(name, context);
    if (object) return { kind: 'instance', type: object };
    const type = this.resolveType(name, context);
    if ('symbol' in type) return { kind: 'class', type };
    return isTypeLike(name) ? EXTERNAL : null;
  }

  resolveCall(site: ScSite, calls: SiteCalls): void {
    const caller = site.caller;
    // `os.pwd`, `os.Path(...)`, `acme.shop.formatCents(1)`: a member of a package named in full.
    const pkg = site.object ? this.packageOf(site.object, caller) : null;
    if (pkg !== null) {
      const member = this.packageMember(pkg, site.name, site.args, site.access === true);
      if (member) calls.followed(member.symbol);
      return;
    }
    if (site.kind === 'new') {
      this.resolveConstruction(site, calls);
      return;
    }
    if (site.object !== null) {
      this.resolveMemberCall(site, calls);
      return;
    }
    // `proc(...)`, `write(...)`: any name may be a class or an object (os-lib's are lower case), when no function or local has it.
    if (site.object === null && !caller.locals.has(site.name) && !this.bareFunction(site.name, site.args, caller))
      if (this.resolveConstruction({ ...site, apply: true }, calls)) return;
    this.resolution.resolveCall(site, calls);
  }

  /**
   * `x.f(...)`, `x.f`: a method of the receiver's type, or its nested object's `apply` (`write.over(...)`); a call on an
   * unknown receiver falls back to the method's name, a member read on one is never a call.
   */
  private resolveMemberCall(site: ScSite, calls: SiteCalls): void {
    const receiver = this.receiverOf(site.object!, site.caller);
    if (receiver.kind === 'instance' || receiver.kind === 'class') {
      const method = this.resolution.findMethod(receiver.type, site.name, site.args);
      const nested = method ? null : (receiver.type as ScType).nested.get(site.name);
      const apply = nested?.isObject ? applyOf(nested, site.args) : null;
      const target = method ?? apply;
      if (target) {
        calls.followed(target.symbol);
        return;
      }
    }
    if (receiver.kind === 'external' || site.access) return;
    calls.byName(this.resolution.candidates(site.name));
  }

  /** What a receiver is: a package's member (`os.makeDir`, `os.pwd`, `os.proc("ls")`, `_root_.os.write`), else its value. */
  private receiverOf(expr: TypedExpr, caller: ScFunction): TypedValue<ScContext> {
    const pkg = (expr.kind === 'member' || expr.kind === 'call') && expr.object ? this.packageOf(expr.object, caller) : null;
    if (pkg === null || (expr.kind !== 'member' && expr.kind !== 'call')) return this.resolution.evaluate(caller, expr, 0);
    // Read, a function is called (`os.pwd`), an object or a class is itself; called, what packageMember says.
    const member =
      expr.kind === 'call'
        ? this.packageMember(pkg, expr.name, expr.args, false)
        : (this.functions.get(`${pkg}\u0000${expr.name}`)?.[0] ?? this.objects.get(`${pkg}.${expr.name}`) ?? null);
    if (!member) return UNKNOWN;
    if ('isObject' in member) return { kind: 'instance', type: member };
    const made = member.returns === null ? UNKNOWN : this.resolveType(member.returns, member.file);
    return 'symbol' in made ? { kind: 'instance', type: made } : made;
  }

  /** `new Cart(...)` to Cart (an auxiliary constructor `def this` of that arity first); `Cart(...)` to the companion's `apply`, else Cart. */
  private resolveConstruction(site: ScSite, calls: SiteCalls): boolean {
    const caller = site.caller;
    if (site.apply) {
      const local = caller.locals.get(site.name);
      if (local?.kind === 'callable') {
        calls.followed(local.callable.symbol);
        return true;
      }
      const object = this.resolveObject(site.name, caller.file);
      const apply = object ? applyOf(object, site.args) : null;
      if (apply) {
        calls.followed(apply.symbol);
        return true;
      }
    }
    const type = this.resolveType(site.name, caller.file);
    if ('symbol' in type && !type.isObject) {
      const constructor = type.methods.get('this')?.find((method) => method.params === site.args);
      calls.followed((constructor ?? type).symbol);
      return true;
    }
    const fn = site.apply ? this.topLevelFunction(site.name, site.args, caller.file) : null;
    if (fn) calls.followed(fn.symbol);
    return fn !== null;
  }

  /** The package an expression names (`os`, `acme.shop`), when no local, member or object of that name hides it. */
  private packageOf(expr: TypedExpr, caller: ScFunction): string | null {
    const path = pathOf(expr);
    if (path === null || !this.packages.has(path)) return null;
    const first = path.split('.')[0]!;
    if (caller.locals.has(first) || (caller.owner && caller.owner.fields.has(first))) return null;
    // A package object of that name holds the package's members: still the package.
    const object = this.resolveObject(first, caller.file);
    if (object && object.symbol.kind !== 'module') return null;
    return path;
  }

  /** A package's member called or read: a top-level or package-object function; called, an object's `apply` or a class's constructor. */
  private packageMember(pkg: string, name: string, args: number, read: boolean): ScFunction | ScType | null {
    const functions = this.functions.get(`${pkg}\u0000${name}`);
    if (functions?.length) return functions.find((fn) => fn.params === args) ?? functions[0]!;
    // A read (`acme.util`, `os.Path` in `os.Path.of(...)`) calls nothing but a function.
    if (read) return null;
    const object = this.objects.get(`${pkg}.${name}`);
    const apply = object ? applyOf(object, args) : null;
    if (apply) return apply;
    return this.types.get(`${pkg}.${name}`) ?? object ?? null;
  }

  inheritance(): InheritanceRow[] {
    return inheritanceRows(
      this.files.flatMap((file) => file.types),
      this.resolution,
      implementsInterface,
    );
  }

  addImports(edges: ImportEdges): void {
    for (const file of this.files) {
      for (const [name, fullName] of file.imports) {
        const targets = this.declarationsOf(fullName);
        if (targets.length > 0) for (const path of targets) edges.add(file.path, path, [name]);
        else {
          const pkg = fullName.includes('.') ? fullName.slice(0, fullName.lastIndexOf('.')) : '';
          if (pkg && !this.packages.has(pkg) && !this.known(pkg) && !PLATFORM_PACKAGES.test(pkg))
            this.external.addImport(this.fileUidOf(file.path), `java:${pkg}`, '', [fullName.slice(fullName.lastIndexOf('.') + 1)]);
        }
      }
      for (const target of file.wildcardImports) {
        const object = this.objects.get(target);
        if (object && object.symbol.kind !== 'module') {
          edges.add(file.path, object.symbol.path, ['*']);
          continue;
        }
        if (!this.packages.has(target)) {
          if (!this.known(target) && !PLATFORM_PACKAGES.test(target))
            this.external.addImport(this.fileUidOf(file.path), `java:${target}`, '', ['*']);
          continue;
        }
        // `import acme.shop._`: the files declaring what the file calls, constructs or calls on by name.
        for (const name of namesUsed(file)) for (const path of this.declarationsOf(`${target}.${name}`)) edges.add(file.path, path, [name]);
      }
    }
  }

  /** A name of the repository that is no package: a type or an object (`import acme.shop.Cart._`). */
  private known(fullName: string): boolean {
    return this.types.has(fullName) || this.objects.has(fullName);
  }

  /** The files declaring a full name: a type, an object, or the package's functions of that name. */
  private declarationsOf(fullName: string): string[] {
    const declared = [this.types.get(fullName), this.objects.get(fullName)].filter((type): type is ScType => type !== undefined);
    if (declared.length > 0) return [...new Set(declared.map((type) => type.symbol.path))];
    const dot = fullName.lastIndexOf('.');
    const owner = fullName.slice(0, Math.max(0, dot));
    const name = fullName.slice(dot + 1);
    const functions = this.functions.get(`${owner}\u0000${name}`) ?? [];
    if (functions.length > 0) return [...new Set(functions.map((fn) => fn.symbol.path))];
    // `import acme.shop.Cart.empty`: an object's member.
    const object = this.objects.get(owner);
    return object?.methods.has(name) ? [object.symbol.path] : [];
  }

  /** A bare call's function: imported by name (a package's or an object's), of the file's packages, of a wildcard-imported package or object. */
  private topLevelFunction(name: string, args: number, context: ScContext): ScFunction | null {
    const file = context.file;
    const pick = (candidates: ScFunction[] | undefined) => candidates?.find((fn) => fn.params === args) ?? candidates?.[0] ?? null;
    const imported = file.imports.get(name);
    if (imported) {
      const dot = imported.lastIndexOf('.');
      const owner = imported.slice(0, Math.max(0, dot));
      const member = imported.slice(dot + 1);
      const object = this.objects.get(owner);
      return pick(this.functions.get(`${owner}\u0000${member}`)) ?? (object ? this.resolution.findMethod(object, member, args) : null);
    }
    for (const pkg of [...file.packages].reverse()) {
      const found = pick(this.functions.get(`${pkg}\u0000${name}`));
      if (found) return found;
    }
    for (const target of file.wildcardImports) {
      const object = this.objects.get(target);
      const found = pick(this.functions.get(`${target}\u0000${name}`)) ?? (object ? this.resolution.findMethod(object, name, args) : null);
      if (found) return found;
    }
    return null;
  }

  /** A type as written (`Cart`, `Cart.Line`, `acme.shop.Cart`), looked up from a place in a file; an object when no type has the name. */
  private resolveType(text: string, context: ScContext): ScType | Unresolved {
    // `os.Path`, `model.Item`: a full name, or one relative to the file's packages, before a path through a term of that name.
    if (text.includes('.'))
      for (const prefix of ['', ...context.file.packages.map((pkg) => `${pkg}.`)]) {
        const found = this.types.get(prefix + text) ?? this.objects.get(prefix + text);
        if (found) return found;
      }
    const [first, ...rest] = text.split('.');
    let type = this.resolveSimple(first!, context, false) ?? this.resolveSimple(first!, context, true);
    if (!type) {
      const full = this.types.get(text) ?? this.objects.get(text);
      if (full) return full;
      return isTypeLike(first!) ? EXTERNAL : UNKNOWN;
    }
    for (const part of rest) type = type?.nested.get(part) ?? null;
    return type ?? EXTERNAL;
  }

  /** An object a name means in a term's place (`Cart.empty`, `Cart(...)`'s companion). */
  private resolveObject(name: string, context: ScContext): ScType | null {
    const found = this.resolveSimple(name, context, true);
    if (found?.isObject) return found;
    return found?.companion ?? null;
  }

  /** A simple name among types (`objects` false) or objects (true): enclosing scopes, imports, the file's packages, wildcard imports. */
  private resolveSimple(name: string, context: ScContext, objects: boolean): ScType | null {
    const index = objects ? this.objects : this.types;
    const matches = (type: ScType | null | undefined): ScType | null => {
      if (!type) return null;
      if (type.isObject === objects) return type;
      return type.companion?.isObject === objects ? type.companion : null;
    };
    for (let type = context.type; type; type = type.outer) {
      const own = type.symbol.name === name ? matches(type) : null;
      if (own) return own;
      const nested = matches(type.nested.get(name));
      if (nested) return nested;
    }
    const file = context.file;
    const imported = file.imports.get(name);
    if (imported) return index.get(imported) ?? null;
    for (const pkg of [...file.packages].reverse()) {
      const found = index.get(`${pkg}.${name}`);
      if (found) return found;
    }
    for (const target of file.wildcardImports) {
      const found = index.get(`${target}.${name}`) ?? matches(this.objects.get(target)?.nested.get(name));
      if (found) return found;
    }
    // A file with no package clause sees the root package.
    return file.packages.length === 0 ? (index.get(name) ?? null) : null;
  }
}

/**
 * The `apply` an object applied to `args` arguments means: the one of that arity (or variadic); else, unless the object is a
 * case class's companion (whose compiler-made `apply` takes the class's parameters), one whose parameters past `args` have defaults.
 */
function applyOf(object: ScType, args: number): ScFunction | null {
  const overloads = object.methods.get('apply') ?? [];
  const exact = overloads.find((fn) => fn.params === args || fn.params < 0);
  if (exact) return exact;
  if (object.companion?.caseClass) return null;
  return overloads.find((fn) => fn.params > args) ?? null;
}

/** `os`, `acme.shop`: the dotted names an expression is made of, null when it is anything else. */
function pathOf(expr: TypedExpr): string | null {
  if (expr.kind === 'name') return expr.name;
  // `_root_.os.read`: the root package, written to get past a name that hides it.
  if (expr.kind === 'member' && expr.object.kind === 'name' && expr.object.name === '_root_') return expr.name;
  if (expr.kind !== 'member') return null;
  const object = pathOf(expr.object);
  return object === null ? null : `${object}.${expr.name}`;
}

/** The names a file uses without a receiver or as one: `f()`, `Cart(...)`, `new Cart`, `Cart.empty`. */
function namesUsed(file: ScFile): Set<string> {
  const names = new Set<string>();
  for (const site of file.sites) {
    if (site.object === null) names.add(site.name);
    else if (site.object.kind === 'name' && isTypeLike(site.object.name)) names.add(site.object.name);
  }
  return names;
}
