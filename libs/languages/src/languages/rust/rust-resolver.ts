import { posix } from 'node:path';
import type { InheritanceRow, SymbolRow } from '@lore/domain';
import type { ExternalReferenceRows } from '../../external-references';
import { indexByName, type ImportEdges, type SiteCalls } from '../../tree-sitter/edges';
import { EXTERNAL, UNKNOWN, type Unresolved } from '../../tree-sitter/resolution';
import type { CrossFileResolver } from '../../tree-sitter/tree-sitter-extraction';
import { addMethod, TypedResolution, type TypedLanguage } from '../../tree-sitter/typed-values';
import { parentDir, type CargoPackages } from './rust-crates';
import {
  STANDARD_CRATES,
  type RustCallSite,
  type RustFile,
  type RustFn,
  type RustItem,
  type RustModule,
  type RustType,
} from './rust-model';
import { typePath, unwrappedType } from './rust-syntax';

/** Where a path leads: an item of the repository, outside it (the standard library, a dependency), or nowhere known. */
type PathTarget = RustItem | Unresolved;

/** How many `use` re-exports and globs a lookup follows before it gives up. */
const MAX_USE_DEPTH = 8;

/** Names the prelude and the standard library bring into every module: calls of them leave the repository. */
const PRELUDE = new Set(
  'Some None Ok Err Box Vec String Option Result drop Default Into From ToString ToOwned Clone Iterator IntoIterator'.split(' '),
);

/**
 * Phase two: the module tree of each crate (from `mod` declarations), `use` paths, impl blocks
 * joined to their types, calls, IMPLEMENTS (impl Trait for Type) and EXTENDS (supertraits).
 */
export class RustResolver implements CrossFileResolver<RustCallSite> {
  private readonly libraries = new Map<string, RustModule>();
  private readonly freeFunctions = new Map<string, SymbolRow[]>();
  private readonly macros = new Map<string, SymbolRow[]>();
  private readonly resolution: TypedResolution<RustModule>;
  private readonly inheritanceRows: InheritanceRow[] = [];

  constructor(
    private readonly files: readonly RustFile[],
    packages: CargoPackages,
    private readonly external: ExternalReferenceRows,
    private readonly fileUidOf: (path: string) => string,
  ) {
    this.linkModules(packages);
    const callables: RustFn[] = [];
    for (const file of files)
      for (const module of file.modules)
        for (const item of module.items.values()) {
          if (item.kind === 'function') indexByName(this.freeFunctions, item.fn.symbol);
          else if (item.kind === 'macro') indexByName(this.macros, item.symbol);
          else if (item.kind === 'type') for (const overloads of item.type.methods.values()) callables.push(...overloads);
        }
    for (const file of files) for (const module of file.modules) for (const impl of module.impls) callables.push(...this.joinImpl(impl));
    for (const file of files)
      for (const module of file.modules)
        for (const { type, bounds } of module.traitBounds)
          for (const bound of bounds) {
            const parent = this.typeIn(bound, module, null);
            if (parent !== type && 'symbol' in parent) {
              (type.resolvedSupers ??= []).push(parent);
              this.inheritanceRows.push({ fromUid: type.symbol.uid, toUid: parent.symbol.uid, kind: 'EXTENDS' });
            }
          }
    this.resolution = new TypedResolution(this.language(), callables);
  }

  /** Child files of `mod x;` (`x.rs` or `x/mod.rs` in the module's directory), crate roots, and the crate of every module. */
  private linkModules(packages: CargoPackages): void {
    const byPath = new Map(this.files.map((file) => [file.path, file]));
    const claimed = new Set<string>();
    const claim = (module: RustModule) => {
      for (const { name, symbol } of module.childFiles) {
        const base = module.childDir ? `${module.childDir}/${name}` : name;
        const child = byPath.get(`${base}.rs`) ?? byPath.get(`${base}/mod.rs`);
        if (!child || child.module === module || claimed.has(child.path)) continue;
        claimed.add(child.path);
        const target = child.module;
        target.parent = module;
        target.symbol = symbol;
        if (symbol.doc === null && target.innerDoc) symbol.doc = target.innerDoc;
        module.children.set(name, target);
        module.items.set(name, { kind: 'module', module: target });
      }
    };
    const setChildDirs = (file: RustFile, modRs: boolean) => {
      const dir = parentDir(file.path);
      const stem = posix.basename(file.path, '.rs');
      file.module.childDir = modRs ? dir : dir ? `${dir}/${stem}` : stem;
      for (const module of file.modules.slice(1)) module.childDir = `${module.parent!.childDir}/${module.symbol!.name}`;
    };
    for (const file of this.files) setChildDirs(file, /^(mod|lib|main)\.rs$/.test(posix.basename(file.path)));
    for (const file of this.files) for (const module of file.modules) claim(module);
    // A crate root under another name (`tests/it.rs`, `build.rs`) looks for its modules beside it.
    for (const file of this.files) {
      if (claimed.has(file.path) || /^(mod|lib|main)\.rs$/.test(posix.basename(file.path))) continue;
      setChildDirs(file, true);
      for (const module of file.modules) claim(module);
    }
    for (const file of this.files) {
      if (claimed.has(file.path)) continue;
      const pkg = packages.packageOf(file.path);
      const crate = pkg && pkg.libraryRoot === file.path ? pkg.library : file.path;
      if (pkg && crate === pkg.library && !this.libraries.has(crate)) this.libraries.set(crate, file.module);
      setCrate(file.module, crate, new Set());
    }
  }

  /** An impl's methods and associated items become members of the type it is for; `impl Trait for Type` is an IMPLEMENTS row. */
  private joinImpl(impl: RustFile['modules'][number]['impls'][number]): RustFn[] {
    const type = this.typeIn(impl.typeText, impl.module, null);
    if (!('symbol' in type)) return impl.methods;
    for (const method of impl.methods) {
      method.owner = type;
      method.symbol.parentUid = type.symbol.uid;
      addMethod(type, method.symbol.name, method);
    }
    for (const member of impl.members) member.parentUid = type.symbol.uid;
    if (impl.traitText !== null) {
      const trait = this.typeIn(impl.traitText, impl.module, null);
      if ('symbol' in trait && trait !== type) {
        (type.resolvedSupers ??= []).push(trait);
        this.inheritanceRows.push({ fromUid: type.symbol.uid, toUid: trait.symbol.uid, kind: 'IMPLEMENTS' });
      }
    }
    return impl.methods;
  }

  private language(): TypedLanguage<RustModule> {
    return {
      resolveType: (text, module, context) => this.typeIn(text, module, context),
      bareCallee: (name, _args, caller) => {
        const target = this.lookup(caller.file, name, 0);
        return typeof target === 'object' && 'kind' in target && target.kind === 'function'
          ? target.fn
          : PRELUDE.has(name)
            ? EXTERNAL
            : UNKNOWN;
      },
      resolvePath: (path, caller) => {
        const target =
          path === 'Self'
            ? caller.owner
              ? { kind: 'type' as const, type: caller.owner }
              : UNKNOWN
            : this.resolvePath(path, caller.file, 0);
        if (target.kind === 'type') return this.aliased(target.type, 0);
        if (target.kind === 'module') {
          const module = target.module;
          return {
            kind: 'functions',
            lookup: (name) => {
              const found = this.lookup(module, name, 0);
              return found.kind === 'function' ? found.fn : null;
            },
          };
        }
        return target.kind === 'external' ? EXTERNAL : UNKNOWN;
      },
      unwrapped: unwrappedType,
    };
  }

  resolveCall(site: RustCallSite, calls: SiteCalls): void {
    const module = site.caller.file;
    if (site.macro) {
      for (let scope: RustModule | null = module; scope; scope = scope.parent) {
        const found = scope.items.get(`${site.name}!`);
        if (found?.kind === 'macro') {
          calls.followed(found.symbol);
          return;
        }
      }
      calls.byName(this.macros.get(site.name));
      return;
    }
    if (site.kind === 'new') {
      const type = this.typeIn(site.name, module, site.caller);
      if ('symbol' in type) calls.followed(type.symbol);
      return;
    }
    if (site.object === null && site.path === null) {
      const local = site.caller.locals.get(site.name);
      if (local) {
        if (local.kind === 'callable') calls.followed(local.callable.symbol);
        return;
      }
      const target = this.lookup(module, site.name, 0);
      if (target.kind === 'function') calls.followed(target.fn.symbol);
      // `Point(1, 2)`: a tuple struct's constructor.
      else if (target.kind === 'type') calls.followed(target.type.symbol);
      else if (target.kind === 'unknown' && !PRELUDE.has(site.name)) calls.byName(this.freeFunctions.get(site.name));
      return;
    }
    this.resolution.resolveCall(site, calls);
  }

  inheritance(): InheritanceRow[] {
    return this.inheritanceRows;
  }

  addImports(edges: ImportEdges): void {
    for (const file of this.files) {
      for (const module of file.modules) {
        for (const child of module.children.values())
          if (child.path !== file.path) edges.add(file.path, child.path, [child.symbol?.name ?? '']);
        for (const [name, path] of module.uses) this.addUse(edges, file, module, name, path);
        for (const path of module.globs) this.addUse(edges, file, module, '*', path);
      }
    }
  }

  private addUse(edges: ImportEdges, file: RustFile, module: RustModule, name: string, path: string): void {
    const target = this.resolvePath(path, module, 0);
    const targetPath =
      target.kind === 'module'
        ? target.module.path
        : target.kind === 'type'
          ? target.type.symbol.path
          : target.kind === 'function'
            ? target.fn.symbol.path
            : target.kind === 'macro'
              ? target.symbol.path
              : null;
    if (targetPath !== null) {
      if (targetPath !== file.path) edges.add(file.path, targetPath, [name]);
      return;
    }
    const first = path.replace(/^::/, '').split('::')[0]!;
    if (target.kind === 'external' && !STANDARD_CRATES.has(first))
      this.external.addImport(this.fileUidOf(file.path), `cargo:${first}`, '', [name]);
  }

  // --- paths and names --------------------------------------------------------------------------

  /** A type as written, resolved in a module (`Self` in an impl is the impl's type). */
  private typeIn(text: string, module: RustModule, context: RustFn | null): RustType | Unresolved {
    const path = typePath(text);
    if (path === null) return EXTERNAL;
    if (path === 'Self') return context?.owner ?? UNKNOWN;
    const target = this.resolvePath(path, module, 0);
    if (target.kind === 'type') return this.aliased(target.type, 0);
    return target.kind === 'external' || /^(?:[iu](?:8|16|32|64|128|size)|f32|f64|bool|char|str)$/.test(path) ? EXTERNAL : UNKNOWN;
  }

  /** `type A = B<T>;`: the type B stands for. */
  private aliased(type: RustType, depth: number): RustType | Unresolved {
    if (type.symbol.kind !== 'type' || type.supertypes.length === 0 || depth > MAX_USE_DEPTH) return type;
    const target = this.typeIn(type.supertypes[0]!, type.file, null);
    return 'symbol' in target ? this.aliased(target, depth + 1) : target;
  }

  /** A path (`a::b::C`, `crate::x`, `super::y`, `other_crate::z`) from a module. */
  private resolvePath(path: string, from: RustModule, depth: number): PathTarget {
    const segments = path.split('::');
    let current: PathTarget;
    let start = 1;
    const first = segments[0]!;
    if (first === '') {
      current = this.crateRoot(segments[1] ?? '');
      start = 2;
    } else if (first === 'crate') current = { kind: 'module', module: rootOf(from) };
    else if (first === 'self') current = { kind: 'module', module: from };
    else if (first === 'super') current = from.parent ? { kind: 'module', module: from.parent } : UNKNOWN;
    else {
      current = this.lookup(from, first, depth);
      if (current.kind === 'unknown') current = this.crateRoot(first);
    }
    for (let i = start; i < segments.length; i++) {
      if (current.kind !== 'module') return current.kind === 'external' ? EXTERNAL : current.kind === 'type' ? EXTERNAL : UNKNOWN;
      const segment = segments[i]!;
      current =
        segment === 'super'
          ? current.module.parent
            ? { kind: 'module', module: current.module.parent }
            : UNKNOWN
          : segment === 'self'
            ? current
            : this.lookup(current.module, segment, depth);
    }
    return current;
  }

  /** A crate of the workspace by name, else outside the repository. */
  private crateRoot(name: string): PathTarget {
    const library = this.libraries.get(name);
    return library ? { kind: 'module', module: library } : EXTERNAL;
  }

  /** A name in a module: its items, its `use`s, then its glob imports. */
  private lookup(module: RustModule, name: string, depth: number): PathTarget {
    const item = module.items.get(name);
    if (item) return item;
    if (depth > MAX_USE_DEPTH) return UNKNOWN;
    const used = module.uses.get(name);
    if (used !== undefined && used !== name) return this.resolvePath(used, module, depth + 1);
    if (used === name) return this.crateRoot(name);
    for (const glob of module.globs) {
      const target = this.resolvePath(glob, module, depth + 1);
      if (target.kind === 'module' && target.module !== module) {
        const found = this.lookup(target.module, name, depth + 1);
        if (found.kind !== 'unknown' && found.kind !== 'external') return found;
      }
    }
    return UNKNOWN;
  }
}

function rootOf(module: RustModule): RustModule {
  let root = module;
  while (root.parent) root = root.parent;
  return root;
}

function setCrate(module: RustModule, crate: string, seen: Set<RustModule>): void {
  if (seen.has(module)) return;
  seen.add(module);
  module.crate = crate;
  for (const child of module.children.values()) setCrate(child, crate, seen);
}
