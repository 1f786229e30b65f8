import type { InheritanceRow } from '@lore/domain';
import type { ExternalReferenceRows } from '../../external-references';
import type { ImportEdges, SiteCalls } from '../../tree-sitter/edges';
import { EXTERNAL, UNKNOWN, type Unresolved } from '../../tree-sitter/resolution';
import type { CrossFileResolver } from '../../tree-sitter/tree-sitter-extraction';
import { addMethod, TypedResolution, type TypedLanguage, type TypedSite } from '../../tree-sitter/typed-values';
import { implementsInterface, inheritanceRows } from '../../tree-sitter/typed-walk';
import type { KtContext, KtFile, KtFunction, KtType } from './kotlin-model';

/** Packages whose names are the platform's or the standard library's: never a repository's, never a dependency worth recording. */
const PLATFORM_PACKAGES = /^(kotlin|kotlinx\.coroutines|java|javax)(\.|$)/;

/**
 * Phase two: types by full name (`acme.shop.Cart.Line`), names resolved as the Kotlin compiler
 * looks them up (the enclosing types and their nested types, explicit imports and aliases, the
 * file's package, star imports, full names), top-level functions by package, extension functions
 * joined to their receiver's type, calls, supertypes and the files each file's imports name.
 */
export class KotlinResolver implements CrossFileResolver<TypedSite<KtContext>> {
  private readonly byFullName = new Map<string, KtType>();
  /** Top-level functions by package and name (extensions among them). */
  private readonly functions = new Map<string, KtFunction[]>();
  private readonly packages = new Set<string>();
  private readonly resolution: TypedResolution<KtContext>;

  constructor(
    private readonly files: readonly KtFile[],
    private readonly external: ExternalReferenceRows,
    private readonly fileUidOf: (path: string) => string,
  ) {
    for (const file of files) {
      for (let pkg = file.package; pkg; pkg = pkg.includes('.') ? pkg.slice(0, pkg.lastIndexOf('.')) : '') this.packages.add(pkg);
      for (const type of file.types) if (!this.byFullName.has(type.fullName)) this.byFullName.set(type.fullName, type);
      for (const fn of file.functions) {
        const key = `${file.package}\u0000${fn.symbol.name}`;
        this.functions.set(key, [...(this.functions.get(key) ?? []), fn]);
      }
    }
    this.resolution = new TypedResolution(
      this.language(),
      files.flatMap((file) => file.methods),
    );
    // `fun Cart.total()`: called as a method of Cart (`cart.total()`).
    for (const file of files)
      for (const fn of file.functions) {
        if (!fn.receiver) continue;
        const type = this.resolveType(fn.receiver, fn.file);
        if (!('symbol' in type)) continue;
        addMethod(type, fn.symbol.name, fn);
        // Its body's `this` (written or implied) is the receiver.
        fn.owner = type;
        fn.file = { file: fn.file.file, type };
      }
  }

  private language(): TypedLanguage<KtContext> {
    return {
      resolveType: (text, context, callable) => this.resolveType(text, callable?.file ?? context),
      bareCallee: (name, args, caller) => {
        for (let type = caller.owner as KtType | null; type; type = type.outer) {
          const method = this.resolution.findMethod(type, name, args);
          if (method) return method;
        }
        return this.topLevelFunction(name, caller.file) ?? UNKNOWN;
      },
      resolvePath: () => UNKNOWN,
      nameValue: (name, caller) => {
        const type = this.resolveType(name, caller.file);
        if ('symbol' in type) return { kind: 'class', type };
        return /^\p{Lu}/u.test(name) ? EXTERNAL : null;
      },
    };
  }

  resolveCall(site: TypedSite<KtContext>, calls: SiteCalls): void {
    if (site.kind === 'new') {
      const type = this.resolveType(site.name, site.caller.file);
      if ('symbol' in type) {
        // A secondary constructor of that arity, else the class (its primary constructor).
        const constructor = type.methods.get('constructor')?.find((method) => method.params === site.args);
        calls.followed((constructor ?? type).symbol);
        return;
      }
      // A capitalised function (`Instant(...)` factories), a local lambda, else outside the repository.
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
    return inheritanceRows(this.byFullName.values(), this.resolution, implementsInterface);
  }

  addImports(edges: ImportEdges): void {
    for (const file of this.files) {
      for (const [name, fullName] of file.imports) {
        const targets = this.declarationsOf(fullName);
        if (targets.length > 0) for (const path of targets) edges.add(file.path, path, [name]);
        else {
          const pkg = fullName.includes('.') ? fullName.slice(0, fullName.lastIndexOf('.')) : '';
          if (pkg && !this.packages.has(pkg) && !PLATFORM_PACKAGES.test(pkg))
            this.external.addImport(this.fileUidOf(file.path), `java:${pkg}`, '', [fullName.slice(fullName.lastIndexOf('.') + 1)]);
        }
      }
      for (const pkg of file.starImports) {
        if (this.packages.has(pkg) || this.byFullName.has(pkg)) {
          // `import a.b.*`: the files of the declarations the file calls or constructs by name.
          for (const site of file.sites) {
            if (site.object !== null) continue;
            for (const path of this.declarationsOf(`${pkg}.${site.name}`)) edges.add(file.path, path, [site.name]);
          }
        } else if (!PLATFORM_PACKAGES.test(pkg)) this.external.addImport(this.fileUidOf(file.path), `java:${pkg}`, '', ['*']);
      }
    }
  }

  /** The files declaring a full name: a type, or the top-level functions of that name in the package. */
  private declarationsOf(fullName: string): string[] {
    const type = this.byFullName.get(fullName);
    if (type) return [type.symbol.path];
    const dot = fullName.lastIndexOf('.');
    const functions = this.functions.get(`${fullName.slice(0, Math.max(0, dot))}\u0000${fullName.slice(dot + 1)}`) ?? [];
    return [...new Set(functions.map((fn) => fn.symbol.path))];
  }

  /** A top-level function a bare call names: imported, of the file's package, of a star-imported package. */
  private topLevelFunction(name: string, context: KtContext): KtFunction | null {
    const file = context.file;
    const imported = file.imports.get(name);
    const candidates = imported
      ? this.functions.get(
          `${imported.slice(0, Math.max(0, imported.lastIndexOf('.')))}\u0000${imported.slice(imported.lastIndexOf('.') + 1)}`,
        )
      : (this.functions.get(`${file.package}\u0000${name}`) ??
        file.starImports.map((pkg) => this.functions.get(`${pkg}\u0000${name}`)).find(Boolean));
    // Extensions are called on their receiver, not bare.
    return candidates?.find((fn) => !fn.receiver) ?? null;
  }

  /** A type as written (`Cart`, `Cart.Line`, `acme.shop.Cart`), looked up from a place in a file. */
  private resolveType(text: string, context: KtContext): KtType | Unresolved {
    const [first, ...rest] = text.split('.');
    let type = this.resolveSimple(first!, context);
    if (!type) {
      const full = this.byFullName.get(text);
      if (full) return full;
      return /^\p{Lu}/u.test(first!) ? EXTERNAL : UNKNOWN;
    }
    for (const part of rest) type = type?.nested.get(part) ?? null;
    return type ?? EXTERNAL;
  }

  private resolveSimple(name: string, context: KtContext): KtType | null {
    for (let type = context.type; type; type = type.outer) {
      if (type.symbol.name === name && type.outer?.companion !== type) return type;
      const nested = type.nested.get(name);
      if (nested) return nested;
    }
    const file = context.file;
    const imported = file.imports.get(name);
    if (imported) return this.byFullName.get(imported) ?? null;
    const own = this.byFullName.get(file.package ? `${file.package}.${name}` : name);
    if (own) return own;
    for (const pkg of file.starImports) {
      const found = this.byFullName.get(`${pkg}.${name}`);
      if (found) return found;
    }
    return null;
  }
}
