import type { InheritanceRow } from '@lore/domain';
import type { ExternalReferenceRows } from '../../external-references';
import type { ImportEdges, SiteCalls } from '../../tree-sitter/edges';
import { EXTERNAL, UNKNOWN, type Unresolved } from '../../tree-sitter/resolution';
import type { CrossFileResolver } from '../../tree-sitter/tree-sitter-extraction';
import { addMethod, TypedResolution, type TypedLanguage, type TypedSite } from '../../tree-sitter/typed-values';
import { implementsInterface, inheritanceRows } from '../../tree-sitter/typed-walk';
import type { SwContext, SwFile, SwFunction, SwType } from './swift-model';

/** The platform's modules and the test frameworks': never a repository's, never a dependency worth recording. */
const PLATFORM_MODULES = new Set([
  'Swift',
  'Foundation',
  'FoundationNetworking',
  'Dispatch',
  'Darwin',
  'Glibc',
  'Musl',
  'WinSDK',
  'os',
  'ObjectiveC',
  'CoreFoundation',
  'CoreGraphics',
  'UIKit',
  'AppKit',
  'SwiftUI',
  'Combine',
  'Observation',
  'XCTest',
  'Testing',
  'PackageDescription',
]);

/**
 * Phase two: types by module and name, names resolved as the Swift compiler looks them up (the
 * enclosing types and their nested types, the file's module, its imported modules, then any
 * repository type of that name), extensions joined to the types they extend (their methods,
 * properties and conformances), top-level functions by module, calls, supertypes and the files
 * each file's imports name.
 */
export class SwiftResolver implements CrossFileResolver<TypedSite<SwContext>> {
  /** Types (not extensions) by `module\0name`, the first declared. */
  private readonly byModule = new Map<string, SwType>();
  /** Types by simple name, across the repository. */
  private readonly byName = new Map<string, SwType[]>();
  /** Top-level functions by `module\0name`. */
  private readonly functions = new Map<string, SwFunction[]>();
  private readonly modules = new Set<string>();
  private readonly resolution: TypedResolution<SwContext>;

  constructor(
    private readonly files: readonly SwFile[],
    private readonly external: ExternalReferenceRows,
    private readonly fileUidOf: (path: string) => string,
  ) {
    for (const file of files) {
      if (file.module) this.modules.add(file.module);
      for (const type of file.types) {
        if (type.extends !== null || type.outer !== null) continue;
        const key = `${file.module}\u0000${type.symbol.name}`;
        if (!this.byModule.has(key)) this.byModule.set(key, type);
        this.byName.set(type.symbol.name, [...(this.byName.get(type.symbol.name) ?? []), type]);
      }
      for (const fn of file.functions) {
        const key = `${file.module}\u0000${fn.symbol.name}`;
        this.functions.set(key, [...(this.functions.get(key) ?? []), fn]);
      }
    }
    this.resolution = new TypedResolution(
      this.language(),
      files.flatMap((file) => file.methods),
    );
    for (const file of files) for (const extension of file.types) if (extension.extends !== null) this.joinExtension(extension);
  }

  /** `extension Cart: Equatable { ... }`: its members and conformances are Cart's, its bodies' `self` a Cart. */
  private joinExtension(extension: SwType): void {
    const type = this.resolveType(extension.extends!, extension.file);
    if (!('symbol' in type)) return;
    for (const [name, overloads] of extension.methods) for (const method of overloads) addMethod(type, name, method);
    // Its methods' and their nested bodies' `self`; names in them are still looked up from the extension.
    for (const method of extension.file.file.methods) if (method.owner === extension) method.owner = type;
    for (const [name, field] of extension.fields) if (!type.fields.has(name)) type.fields.set(name, field);
    for (const [name, nested] of extension.nested) if (!type.nested.has(name)) type.nested.set(name, nested);
    type.supertypes.push(...extension.supertypes);
  }

  private language(): TypedLanguage<SwContext> {
    return {
      resolveType: (text, context, callable) => this.resolveType(text, callable?.file ?? context),
      bareCallee: (name, args, caller) => {
        for (let type = caller.owner as SwType | null; type; type = type.outer) {
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

  resolveCall(site: TypedSite<SwContext>, calls: SiteCalls): void {
    if (site.kind === 'new') {
      const type = this.resolveType(site.name, site.caller.file);
      if ('symbol' in type) {
        // An `init` of that arity, else the type (its memberwise or default initializer).
        const initializer = type.methods.get('init')?.find((method) => method.params === site.args || method.params < 0);
        calls.followed((initializer ?? type).symbol);
        return;
      }
      // A capitalised function or a closure bound to a capitalised name, else outside the repository.
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
      for (const module of file.imports) {
        if (!this.modules.has(module)) {
          if (!PLATFORM_MODULES.has(module)) this.external.addImport(this.fileUidOf(file.path), `swift:${module}`, '', [module]);
          continue;
        }
        // `import Shop` names no declaration: the files of Shop declaring what this file calls, constructs or calls on by name.
        for (const name of namesUsed(file))
          for (const path of this.declarationsOf(module, name)) if (path !== file.path) edges.add(file.path, path, [name]);
      }
    }
  }

  /** The files of a module declaring a name: its type, or its top-level functions of that name. */
  private declarationsOf(module: string, name: string): string[] {
    const type = this.byModule.get(`${module}\u0000${name}`);
    if (type) return [type.symbol.path];
    return [...new Set((this.functions.get(`${module}\u0000${name}`) ?? []).map((fn) => fn.symbol.path))];
  }

  /** A top-level function a bare call names: of the file's module, else of a module it imports. */
  private topLevelFunction(name: string, context: SwContext): SwFunction | null {
    const file = context.file;
    for (const module of [file.module, ...file.imports]) {
      const candidates = this.functions.get(`${module}\u0000${name}`);
      if (candidates?.[0]) return candidates[0];
    }
    return null;
  }

  /** A type as written (`Cart`, `Cart.Line`, `Shop.Cart`), looked up from a place in a file. */
  private resolveType(text: string, context: SwContext): SwType | Unresolved {
    const [first, ...rest] = text.split('.');
    let type = this.resolveSimple(first!, context);
    if (!type && rest.length > 0 && this.modules.has(first!)) {
      type = this.byModule.get(`${first}\u0000${rest[0]}`) ?? null;
      rest.shift();
    }
    if (!type) return /^\p{Lu}/u.test(first!) ? EXTERNAL : UNKNOWN;
    for (const part of rest) type = type?.nested.get(part) ?? null;
    return type ?? EXTERNAL;
  }

  private resolveSimple(name: string, context: SwContext): SwType | null {
    for (let type = context.type; type; type = type.outer) {
      // Inside an extension, the extended type's own nested types are in scope.
      const own = type.extends !== null ? this.resolveSimple(type.extends, { file: context.file, type: type.outer }) : type;
      if (own?.symbol.name === name && own.extends === null) return own;
      const nested = own?.nested.get(name) ?? type.nested.get(name);
      if (nested) return nested;
    }
    const file = context.file;
    for (const module of [file.module, ...file.imports]) {
      const found = this.byModule.get(`${module}\u0000${name}`);
      if (found) return found;
    }
    // A name of another target whose import is implied (an app's targets, scripts, a flat layout): the only type of that name.
    const anywhere = this.byName.get(name);
    return anywhere?.length === 1 ? anywhere[0]! : null;
  }
}

/** The names a file uses without a receiver or as one: `f()`, `T()`, `T.f()`. */
function namesUsed(file: SwFile): Set<string> {
  const names = new Set<string>();
  for (const site of file.sites) {
    if (site.object === null) names.add(site.name);
    else if (site.object.kind === 'name' && /^\p{Lu}/u.test(site.object.name)) names.add(site.object.name);
  }
  return names;
}
