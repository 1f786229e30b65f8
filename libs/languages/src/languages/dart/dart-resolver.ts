import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import type { InheritanceRow } from '@lore/domain';
import type { ExternalReferenceRows } from '../../external-references';
import type { ImportEdges, SiteCalls } from '../../tree-sitter/edges';
import { EXTERNAL, UNKNOWN, type Unresolved } from '../../tree-sitter/resolution';
import type { CrossFileResolver } from '../../tree-sitter/tree-sitter-extraction';
import { addMethod, TypedResolution, type TypedLanguage, type TypedSite } from '../../tree-sitter/typed-values';
import { implementsInterface, inheritanceRows } from '../../tree-sitter/typed-walk';
import type { DtContext, DtFile, DtFunction, DtType } from './dart-model';
import { constructs } from './dart-syntax';

/** `package:shop/src/cart.dart`: the package and the path under its `lib/`. */
const PACKAGE_URI = /^package:([^/]+)\/(.+)$/;

/** The pub packages of a repository: each pubspec.yaml's directory and `name:`. */
export class DartPackages {
  /** Package root (repository-relative, '' for the root) by directory, as looked up. */
  private readonly rootOf = new Map<string, string | null>();
  /** Root directories by package name. */
  readonly byName = new Map<string, string>();

  constructor(private readonly rootPath: string) {}

  /** The nearest directory above `path` (inside the repository) holding a pubspec.yaml, null when none. */
  packageRoot(path: string): string | null {
    const dir = posix.dirname(path);
    return this.rootOfDir(dir === '.' ? '' : dir);
  }

  private rootOfDir(dir: string): string | null {
    const known = this.rootOf.get(dir);
    if (known !== undefined) return known;
    let found: string | null = null;
    if (existsSync(join(this.rootPath, dir, 'pubspec.yaml'))) {
      found = dir;
      const name = /^name:\s*['"]?([\w]+)/m.exec(readFileSync(join(this.rootPath, dir, 'pubspec.yaml'), 'utf8'))?.[1];
      if (name && !this.byName.has(name)) this.byName.set(name, dir);
    } else if (dir !== '') {
      const parent = posix.dirname(dir);
      found = this.rootOfDir(parent === '.' ? '' : parent);
    }
    this.rootOf.set(dir, found);
    return found;
  }
}

/**
 * Phase two: each file's library (the file, its `part`s, or the library a `part of` names), the
 * files it sees (its library's, what its imports name and what those re-export), types and
 * top-level functions looked up in them (then any repository type of that name), extensions
 * joined to the types they extend, calls, supertypes, and the import edges.
 */
export class DartResolver implements CrossFileResolver<TypedSite<DtContext>> {
  private readonly byPath = new Map<string, DtFile>();
  private readonly byName = new Map<string, DtType[]>();
  /** What each file's directives name, resolved: repository files, and external packages. */
  private readonly targets = new Map<DtFile, { kind: string; path: string }[]>();
  private readonly packagesUsed = new Map<DtFile, string[]>();
  private readonly visibleCache = new Map<DtFile, DtFile[]>();
  private readonly resolution: TypedResolution<DtContext>;

  constructor(
    private readonly files: readonly DtFile[],
    private readonly packages: DartPackages,
    private readonly external: ExternalReferenceRows,
    private readonly fileUidOf: (path: string) => string,
  ) {
    for (const file of files) {
      this.byPath.set(file.path, file);
      this.packages.packageRoot(file.path);
      for (const type of file.types) {
        if (type.extends !== null) continue;
        this.byName.set(type.symbol.name, [...(this.byName.get(type.symbol.name) ?? []), type]);
      }
    }
    for (const file of files) this.resolveDirectives(file);
    this.resolution = new TypedResolution(
      this.language(),
      files.flatMap((file) => file.methods),
    );
    for (const file of files) for (const extension of file.types) if (extension.extends !== null) this.joinExtension(extension);
  }

  private resolveDirectives(file: DtFile): void {
    const targets: { kind: string; path: string }[] = [];
    const externals: string[] = [];
    for (const directive of file.directives) {
      const { uri } = directive;
      if (uri.startsWith('dart:')) continue;
      const match = PACKAGE_URI.exec(uri);
      let path: string | null;
      if (match) {
        const root = this.packages.byName.get(match[1]!);
        if (root === undefined) {
          if (!externals.includes(match[1]!)) externals.push(match[1]!);
          continue;
        }
        path = posix.join(root, 'lib', match[2]!);
      } else path = posix.normalize(posix.join(posix.dirname(file.path), uri));
      if (this.byPath.has(path)) targets.push({ kind: directive.kind, path });
    }
    this.targets.set(file, targets);
    this.packagesUsed.set(file, externals);
  }

  /** `extension CartTotals on Cart { ... }`: its members are Cart's too, its bodies' `this` a Cart. */
  private joinExtension(extension: DtType): void {
    const type = this.resolveType(extension.extends!, extension.file);
    if (!('symbol' in type)) return;
    for (const [name, overloads] of extension.methods) for (const method of overloads) addMethod(type, name, method);
    for (const method of extension.file.file.methods) if (method.owner === extension) method.owner = type;
    for (const [name, field] of extension.fields) if (!type.fields.has(name)) type.fields.set(name, field);
  }

  private language(): TypedLanguage<DtContext> {
    return {
      resolveType: (text, context, callable) => this.resolveType(text, callable?.file ?? context),
      bareCallee: (name, args, caller) => {
        const owner = caller.owner as DtType | null;
        if (owner) {
          const method = this.resolution.findMethod(owner, name, args);
          if (method) return method;
        }
        return this.topLevelFunction(name, caller.file) ?? UNKNOWN;
      },
      resolvePath: () => UNKNOWN,
      nameValue: (name, caller) => {
        const type = this.resolveType(name, caller.file);
        if ('symbol' in type) return { kind: 'class', type };
        return constructs(name) ? EXTERNAL : null;
      },
    };
  }

  resolveCall(site: TypedSite<DtContext>, calls: SiteCalls): void {
    if (site.kind === 'new') {
      const type = this.resolveType(site.name, site.caller.file);
      if ('symbol' in type) {
        // The unnamed constructor (named as the class) of that arity, else the class (its default constructor).
        const constructor = type.methods.get(type.symbol.name)?.find((method) => method.params === site.args || method.params < 0);
        calls.followed((constructor ?? type).symbol);
        return;
      }
      const local = site.caller.locals.get(site.name);
      if (local?.kind === 'callable') calls.followed(local.callable.symbol);
      else {
        const fn = this.topLevelFunction(site.name, site.caller.file);
        if (fn) calls.followed(fn.symbol);
      }
      return;
    }
    this.resolution.resolveCall(site, calls);
  }

  inheritance(): InheritanceRow[] {
    const types = this.files.flatMap((file) => file.types).filter((type) => type.extends === null);
    return inheritanceRows(types, this.resolution, implementsInterface);
  }

  addImports(edges: ImportEdges): void {
    for (const file of this.files) {
      // A part and its library are one library: the library's `part` is the edge, its `part of` would only close a cycle.
      for (const target of this.targets.get(file) ?? [])
        if (target.path !== file.path && target.kind !== 'part of') edges.add(file.path, target.path, []);
      for (const pkg of this.packagesUsed.get(file) ?? []) this.external.addImport(this.fileUidOf(file.path), `pub:${pkg}`, '', [pkg]);
    }
  }

  /** The files whose declarations `file` sees: its library's files, its imports and what they (transitively) export. */
  private visibleFiles(file: DtFile): DtFile[] {
    const cached = this.visibleCache.get(file);
    if (cached) return cached;
    const library = this.libraryOf(file);
    const seen = new Set<DtFile>(library);
    const queue: DtFile[] = [];
    for (const member of library)
      for (const target of this.targets.get(member) ?? []) if (target.kind === 'import') queue.push(this.byPath.get(target.path)!);
    while (queue.length > 0) {
      const next = queue.shift()!;
      if (seen.has(next)) continue;
      seen.add(next);
      for (const member of this.libraryOf(next)) if (!seen.has(member)) queue.push(member);
      for (const target of this.targets.get(next) ?? []) if (target.kind === 'export') queue.push(this.byPath.get(target.path)!);
    }
    const visible = [...seen];
    this.visibleCache.set(file, visible);
    return visible;
  }

  /** A library's files: the file holding `part` directives and its parts (a part names its library with `part of`). */
  private libraryOf(file: DtFile): DtFile[] {
    const owner = (this.targets.get(file) ?? []).find((target) => target.kind === 'part of');
    const main = owner ? this.byPath.get(owner.path)! : file;
    return [
      main,
      ...(this.targets.get(main) ?? []).filter((target) => target.kind === 'part').map((target) => this.byPath.get(target.path)!),
    ];
  }

  /** A top-level function a bare call names, among the files the caller sees. */
  private topLevelFunction(name: string, context: DtContext): DtFunction | null {
    for (const file of this.visibleFiles(context.file)) {
      const fn = file.functions.find((candidate) => candidate.symbol.name === name);
      if (fn) return fn;
    }
    return null;
  }

  /** A type as written (`Cart`, `shop.Cart` with an import prefix), looked up from a file. */
  private resolveType(text: string, context: DtContext): DtType | Unresolved {
    const name = text.slice(text.lastIndexOf('.') + 1);
    for (const file of this.visibleFiles(context.file)) {
      const type = file.types.find((candidate) => candidate.extends === null && candidate.symbol.name === name);
      if (type) return type;
    }
    // A name whose import is not followed (a conditional import, a generated file): the only repository type of that name.
    const anywhere = this.byName.get(name);
    if (anywhere?.length === 1) return anywhere[0]!;
    return constructs(name) ? EXTERNAL : UNKNOWN;
  }
}
