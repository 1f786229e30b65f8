import { posix } from 'node:path';
import type { InheritanceRow } from '@lore/domain';
import type { ExternalReferenceRows } from '../../external-references';
import type { ImportEdges, SiteCalls } from '../../tree-sitter/edges';
import { EXTERNAL, UNKNOWN, type Unresolved } from '../../tree-sitter/resolution';
import type { CrossFileResolver } from '../../tree-sitter/tree-sitter-extraction';
import { addMethod, TypedResolution, type TypedSite } from '../../tree-sitter/typed-values';
import { followConstructor, inheritanceRows } from '../../tree-sitter/typed-walk';
import type { RbContext, RbFile, RbMethod, RbType } from './ruby-model';

/**
 * Phase two: classes and modules by full name (a reopened class is one type), constants looked up
 * through the lexical nesting then the top level, `require_relative` from the file's directory and
 * `require` against the repository's `lib/` folders (else a gem), calls, superclasses and mixins.
 */
export class RubyResolver implements CrossFileResolver<TypedSite<RbContext>> {
  private readonly byFullName = new Map<string, RbType>();
  private readonly functions = new Map<string, RbMethod[]>();
  private readonly byPath: Set<string>;
  private readonly resolution: TypedResolution<RbContext>;

  constructor(
    private readonly files: readonly RbFile[],
    private readonly external: ExternalReferenceRows,
    private readonly fileUidOf: (path: string) => string,
  ) {
    this.byPath = new Set(files.map((file) => file.path));
    const parts = new Map<string, RbType[]>();
    for (const file of files) {
      for (const type of file.types) {
        const list = parts.get(type.fullName);
        if (list) list.push(type);
        else parts.set(type.fullName, [type]);
      }
      for (const [name, fn] of file.functions) {
        const list = this.functions.get(name);
        if (list) list.push(fn);
        else this.functions.set(name, [fn]);
      }
    }
    // A class reopened in several files is one type: the part that declares the most members stands for it.
    for (const [fullName, list] of parts) {
      const size = (type: RbType) => type.methods.size + type.fields.size;
      const canonical = list.reduce((best, type) => (size(type) > size(best) ? type : best));
      this.byFullName.set(fullName, canonical);
      for (const type of list) {
        if (type === canonical) continue;
        for (const [name, overloads] of type.methods) for (const method of overloads) addMethod(canonical, name, method);
        for (const [name, field] of type.fields) if (!canonical.fields.get(name)) canonical.fields.set(name, field);
        for (const parent of type.supertypes) if (!canonical.supertypes.includes(parent)) canonical.supertypes.push(parent);
      }
    }
    for (const file of files)
      for (const method of file.methods)
        if (method.owner) method.owner = this.byFullName.get((method.owner as RbType).fullName) ?? method.owner;
    this.resolution = new TypedResolution(
      {
        resolveType: (text, context, callable) => this.resolveConstant(text, callable?.file ?? context),
        bareCallee: (name, args, caller) => {
          const own = caller.owner ? this.resolution.findMethod(caller.owner, name, args) : null;
          if (own) return own;
          const functions = this.functions.get(name);
          return caller.file.file.functions.get(name) ?? (functions?.length === 1 ? functions[0]! : UNKNOWN);
        },
        resolvePath: () => UNKNOWN,
        nameValue: (name, caller) => {
          if (!/^\p{Lu}/u.test(name)) return null;
          const type = this.resolveConstant(name, caller.file);
          return 'symbol' in type ? { kind: 'class', type } : EXTERNAL;
        },
      },
      files.flatMap((file) => file.methods),
    );
  }

  resolveCall(site: TypedSite<RbContext>, calls: SiteCalls): void {
    if (site.kind === 'new') {
      followConstructor(this.resolution, this.resolveConstant(site.name, site.caller.file), 'initialize', site.args, calls);
      return;
    }
    this.resolution.resolveCall(site, calls);
  }

  inheritance(): InheritanceRow[] {
    // A mixed-in module is implemented, a superclass extended.
    return inheritanceRows(this.byFullName.values(), this.resolution, (_type, parent) => (parent as RbType).isModule);
  }

  addImports(edges: ImportEdges): void {
    for (const file of this.files) {
      for (const required of file.requires) {
        const target = this.requiredFile(file.path, required);
        if (target !== null) {
          if (target !== file.path) edges.add(file.path, target, [posix.basename(required.path, '.rb')]);
        } else if (!required.relative) {
          this.external.addImport(this.fileUidOf(file.path), `gem:${required.path.split('/')[0]}`, required.path, ['*']);
        }
      }
    }
  }

  /** The repository file a require names: beside the file for `require_relative`, else under a `lib/` folder (or the root). */
  private requiredFile(from: string, required: { path: string; relative: boolean }): string | null {
    const withExtension = required.path.endsWith('.rb') ? required.path : `${required.path}.rb`;
    if (required.relative) {
      const path = posix.normalize(posix.join(posix.dirname(from), withExtension));
      return this.byPath.has(path) ? path : null;
    }
    if (this.byPath.has(withExtension)) return withExtension;
    let found: string | null = null;
    for (const path of this.byPath)
      if ((path === `lib/${withExtension}` || path.endsWith(`/lib/${withExtension}`)) && (found === null || path.length < found.length))
        found = path;
    return found;
  }

  /** A constant as written (`Cart`, `Shop::Cart`, `::Cart`), looked up from the innermost nesting outwards. */
  private resolveConstant(text: string, context: RbContext): RbType | Unresolved {
    const name = text.replace(/^::/, '');
    if (!/^\p{Lu}/u.test(name)) return UNKNOWN;
    for (let depth = context.nesting.length; depth >= 0; depth--) {
      const found = this.byFullName.get([...context.nesting.slice(0, depth), name].join('::'));
      if (found) return found;
    }
    return EXTERNAL;
  }
}
