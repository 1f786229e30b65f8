import type { InheritanceRow } from '@lore/domain';
import type { ExternalReferenceRows } from '../../external-references';
import type { ImportEdges, SiteCalls } from '../../tree-sitter/edges';
import { EXTERNAL, UNKNOWN, type Unresolved } from '../../tree-sitter/resolution';
import type { CrossFileResolver } from '../../tree-sitter/tree-sitter-extraction';
import { TypedResolution, type TypedLanguage, type TypedSite } from '../../tree-sitter/typed-values';
import { followConstructor, implementsInterface, inheritanceRows } from '../../tree-sitter/typed-walk';
import { BUILTIN_TYPES, type PhpContext, type PhpFile, type PhpMethod, type PhpType } from './php-model';
import type { ComposerAutoload } from './composer-autoload';

/**
 * Phase two: classes, interfaces, traits and enums by full name (PHP's class names ignore case),
 * names resolved as PHP does (`use` aliases, the current namespace, `\`-qualified names, `self`,
 * `static`, `parent`), functions through `use function`, the namespace then the global one; calls,
 * supertypes, and the files each file's `use`s autoload through Composer's PSR-4 map.
 */
export class PhpResolver implements CrossFileResolver<TypedSite<PhpContext>> {
  private readonly byFullName = new Map<string, PhpType>();
  private readonly functions = new Map<string, PhpMethod>();
  private readonly resolution: TypedResolution<PhpContext>;

  constructor(
    private readonly files: readonly PhpFile[],
    private readonly autoload: ComposerAutoload,
    private readonly external: ExternalReferenceRows,
    private readonly fileUidOf: (path: string) => string,
  ) {
    for (const file of files) {
      for (const type of file.types)
        if (!this.byFullName.has(type.fullName.toLowerCase())) this.byFullName.set(type.fullName.toLowerCase(), type);
      for (const [name, fn] of file.functions) if (!this.functions.has(name)) this.functions.set(name, fn);
    }
    this.resolution = new TypedResolution(
      this.language(),
      files.flatMap((file) => file.methods),
    );
  }

  private language(): TypedLanguage<PhpContext> {
    return {
      resolveType: (text, context, callable) => this.resolveClass(text, callable?.file ?? context),
      bareCallee: (name, _args, caller) => this.resolveFunction(name, caller.file),
      resolvePath: (path, caller) => {
        const lower = path.toLowerCase();
        if (lower === 'parent') {
          const owner = caller.owner;
          return (owner && this.resolution.supersOf(owner).find((parent) => !parent.isInterface)) ?? UNKNOWN;
        }
        return this.resolveClass(path, caller.file);
      },
      nameValue: () => UNKNOWN,
    };
  }

  resolveCall(site: TypedSite<PhpContext>, calls: SiteCalls): void {
    if (site.kind === 'new') {
      followConstructor(this.resolution, this.resolveClass(site.name, site.caller.file), '__construct', site.args, calls);
      return;
    }
    // `parent::__construct()` and `Foo::method()` are followed to the method; `self::` and `static::` to the caller's class.
    this.resolution.resolveCall(site, calls);
  }

  inheritance(): InheritanceRow[] {
    return inheritanceRows(this.byFullName.values(), this.resolution, implementsInterface);
  }

  addImports(edges: ImportEdges): void {
    for (const file of this.files) {
      for (const used of file.usedNames) {
        const simple = used.slice(used.lastIndexOf('\\') + 1);
        // What Composer's autoloader would load, else the file declaring the class.
        const target = this.autoload.fileOf(used) ?? this.byFullName.get(used.toLowerCase())?.symbol.path ?? null;
        if (target !== null) edges.add(file.path, target, [simple]);
        else if (!this.isRepositoryNamespace(used))
          this.external.addImport(this.fileUidOf(file.path), `php:${namespaceOf(used)}`, namespaceOf(used), [simple]);
      }
      for (const included of file.included) if (this.autoload.hasFile(included)) edges.add(file.path, included, ['*']);
    }
  }

  /** A use of a namespace the repository declares (`use Acme\Shop\Model;` then `Model\Item`). */
  private isRepositoryNamespace(name: string): boolean {
    const prefix = `${name.toLowerCase()}\\`;
    for (const fullName of this.byFullName.keys()) if (fullName.startsWith(prefix)) return true;
    return this.autoload.covers(name);
  }

  /** A class as written, looked up from a place in a file. */
  private resolveClass(text: string, context: PhpContext): PhpType | Unresolved {
    const name = text.replace(/^\?/, '').trim();
    const lower = name.toLowerCase();
    if (lower === 'self' || lower === 'static' || lower === '$this') return context.type ?? UNKNOWN;
    if (lower === 'parent') {
      const owner = context.type;
      return ((owner && this.resolution.supersOf(owner).find((parent) => !parent.isInterface)) as PhpType | undefined) ?? UNKNOWN;
    }
    if (BUILTIN_TYPES.has(lower) || name === '' || name.includes('|')) return EXTERNAL;
    return this.byFullName.get(this.fullClassName(name, context).toLowerCase()) ?? EXTERNAL;
  }

  /** PHP's rules for a class name: `\A\B` is itself; `A\B` through a `use` alias `A`, else under the namespace; `B` through its alias, else the namespace's. */
  private fullClassName(name: string, context: PhpContext): string {
    if (name.startsWith('\\')) return name.slice(1);
    const slash = name.indexOf('\\');
    const first = (slash < 0 ? name : name.slice(0, slash)).toLowerCase();
    if (first === 'namespace') return [context.namespace, name.slice(slash + 1)].filter(Boolean).join('\\');
    const alias = context.uses.classes.get(first);
    if (alias) return slash < 0 ? alias : `${alias}${name.slice(slash)}`;
    return context.namespace ? `${context.namespace}\\${name}` : name;
  }

  /** PHP's rules for a function name: `use function`, the namespace's function, else the global one. */
  private resolveFunction(name: string, context: PhpContext): PhpMethod | Unresolved {
    if (name.startsWith('\\')) return this.functions.get(name.slice(1).toLowerCase()) ?? EXTERNAL;
    const lower = name.toLowerCase();
    if (name.includes('\\')) return this.functions.get(this.fullClassName(name, context).toLowerCase()) ?? EXTERNAL;
    const used = context.uses.functions.get(lower);
    if (used) return this.functions.get(used.toLowerCase()) ?? EXTERNAL;
    return (
      (context.namespace ? this.functions.get(`${context.namespace.toLowerCase()}\\${lower}`) : undefined) ??
      this.functions.get(lower) ??
      EXTERNAL
    );
  }
}

function namespaceOf(name: string): string {
  const slash = name.lastIndexOf('\\');
  return slash < 0 ? name : name.slice(0, slash);
}
