import type { InheritanceRow } from '@lore/domain';
import type { ExternalReferenceRows } from '../../external-references';
import type { ImportEdges, SiteCalls } from '../../tree-sitter/edges';
import { EXTERNAL, UNKNOWN, type Unresolved } from '../../tree-sitter/resolution';
import type { CrossFileResolver } from '../../tree-sitter/tree-sitter-extraction';
import { addMethod, TypedResolution, type TypedLanguage } from '../../tree-sitter/typed-values';
import { implementsInterface, inheritanceRows } from '../../tree-sitter/typed-walk';
import { PREDEFINED, type CsCallSite, type CsContext, type CsFile, type CsType } from './csharp-model';
import { awaitedType, baseTypeName } from './csharp-syntax';

/**
 * Phase two: types by full name (partial declarations joined into one), names resolved as the C#
 * compiler looks them up (nested and enclosing types, the namespace and its parents, usings,
 * aliases, full names), calls, supertypes and the files each file's types come from.
 */
export class CSharpResolver implements CrossFileResolver<CsCallSite> {
  private readonly byFullName = new Map<string, CsType>();
  private readonly namespaces = new Set<string>();
  private readonly resolution: TypedResolution<CsContext>;

  constructor(
    private readonly files: readonly CsFile[],
    private readonly external: ExternalReferenceRows,
    private readonly fileUidOf: (path: string) => string,
  ) {
    // The part of a partial type that declares the most members stands for it (ties: the first seen).
    const parts = new Map<string, CsType[]>();
    for (const file of files)
      for (const type of file.types) {
        for (let ns = type.file.namespace; ns; ns = parentNamespace(ns)) this.namespaces.add(ns);
        const list = parts.get(type.fullName);
        if (list) list.push(type);
        else parts.set(type.fullName, [type]);
      }
    for (const [fullName, list] of parts) {
      const size = (type: CsType) => type.methods.size + type.fields.size;
      const canonical = list.reduce((best, type) => (size(type) > size(best) ? type : best));
      this.byFullName.set(fullName, canonical);
      for (const type of list) {
        if (type === canonical) continue;
        // Another part of the partial type: its members are the standing part's.
        for (const [name, overloads] of type.methods)
          for (const method of overloads) {
            method.owner = canonical;
            addMethod(canonical, name, method);
          }
        for (const [name, fieldType] of type.fields) if (!canonical.fields.has(name)) canonical.fields.set(name, fieldType);
        canonical.supertypes.push(...type.supertypes);
        for (const [name, nested] of type.nested) if (!canonical.nested.has(name)) canonical.nested.set(name, nested);
      }
    }
    // Every owner of this resolution is a C# type.
    for (const file of files) for (const method of file.methods) if (method.owner) method.owner = this.canonical(method.owner as CsType);
    this.resolution = new TypedResolution(
      this.language(),
      files.flatMap((file) => file.methods),
    );
  }

  private canonical(type: CsType): CsType {
    return this.byFullName.get(type.fullName) ?? type;
  }

  private language(): TypedLanguage<CsContext> {
    return {
      resolveType: (text, context, callable) => this.resolveType(text, callable?.file ?? context),
      bareCallee: (name, args, caller) => {
        for (let type = caller.owner as CsType | null; type; type = type.outer) {
          const method = this.resolution.findMethod(this.canonical(type), name, args);
          if (method) return method;
        }
        for (const using of caller.file.file.staticUsings) {
          const type = this.byFullName.get(using);
          const method = type ? this.resolution.findMethod(type, name, args) : null;
          if (method) return method;
        }
        return UNKNOWN;
      },
      resolvePath: () => UNKNOWN,
      nameValue: (name, caller) => {
        const type = this.resolveType(name, caller.file);
        if ('symbol' in type) return { kind: 'class', type };
        return /^\p{Lu}/u.test(name) ? EXTERNAL : null;
      },
      unwrapped: awaitedType,
    };
  }

  resolveCall(site: CsCallSite, calls: SiteCalls): void {
    this.resolution.resolveCall(site, calls);
  }

  inheritance(): InheritanceRow[] {
    return inheritanceRows(this.byFullName.values(), this.resolution, implementsInterface);
  }

  addImports(edges: ImportEdges): void {
    for (const file of this.files) {
      const mentioned: { text: string; context: CsContext }[] = [];
      for (const type of file.types) {
        for (const text of type.supertypes) mentioned.push({ text, context: type.file });
        for (const text of type.fields.values()) if (text) mentioned.push({ text, context: type.file });
      }
      for (const method of file.methods) {
        if (method.returns) mentioned.push({ text: method.returns, context: method.file });
        for (const local of method.locals.values()) if (local.kind === 'type') mentioned.push({ text: local.text, context: method.file });
      }
      for (const site of file.sites) {
        if (site.kind === 'new') mentioned.push({ text: site.name, context: site.caller.file });
        else if (site.object?.kind === 'name') mentioned.push({ text: site.object.name, context: site.caller.file });
      }
      for (const { text, context } of mentioned) {
        for (const name of text.match(/[\p{L}_][\p{L}\p{N}_.]*/gu) ?? []) {
          if (PREDEFINED.has(name)) continue;
          const type = this.resolveType(name, context);
          if ('symbol' in type && type.symbol.path !== file.path) edges.add(file.path, type.symbol.path, [type.symbol.name]);
        }
      }
      for (const using of [...file.usings, ...file.staticUsings])
        if (!this.namespaces.has(using) && !this.byFullName.has(using) && !/^System(\.|$)/.test(using))
          this.external.addImport(this.fileUidOf(file.path), `dotnet:${using}`, '', ['*']);
    }
  }

  /** A type as written, looked up from a place in a file. */
  private resolveType(text: string, context: CsContext): CsType | Unresolved {
    const { name, array } = baseTypeName(text);
    // `dynamic` is whatever the value is at run time: unknown, not outside.
    if (name === 'dynamic') return UNKNOWN;
    if (array || !name || PREDEFINED.has(name)) return EXTERNAL;
    const [first, ...rest] = name.split('.');
    let type = this.resolveSimple(first!, context);
    if (type === null && rest.length > 0) {
      // A full name (`Acme.Orders.Order`), or one under an alias (`Orders.Order` with `using Orders = Acme.Orders;`).
      const alias = context.file.aliases.get(first!);
      const full = alias ? [alias, ...rest].join('.') : name;
      const found = this.byFullName.get(full);
      if (found) return found;
      for (let namespace = context.namespace; namespace; namespace = parentNamespace(namespace)) {
        const relative = this.byFullName.get(`${namespace}.${name}`);
        if (relative) return relative;
      }
      return this.namespaces.has(first!) || alias ? UNKNOWN : EXTERNAL;
    }
    for (const part of rest) type = type ? (this.canonical(type).nested.get(part) ?? null) : null;
    if (type) return this.canonical(type);
    const typeParameter = this.isTypeParameter(first!, context);
    return typeParameter ? UNKNOWN : EXTERNAL;
  }

  private resolveSimple(name: string, context: CsContext): CsType | null {
    for (let type = context.type; type; type = type.outer) {
      if (type.symbol.name === name) return type;
      const nested = this.canonical(type).nested.get(name);
      if (nested) return nested;
    }
    for (let namespace = context.namespace; namespace; namespace = parentNamespace(namespace)) {
      const found = this.byFullName.get(`${namespace}.${name}`);
      if (found) return found;
    }
    const global = this.byFullName.get(name);
    if (global) return global;
    const alias = context.file.aliases.get(name);
    if (alias) return this.byFullName.get(alias) ?? null;
    for (const using of context.file.usings) {
      const found = this.byFullName.get(`${using}.${name}`);
      if (found) return found;
    }
    return null;
  }

  private isTypeParameter(name: string, context: CsContext): boolean {
    for (let type = context.type; type; type = type.outer) if (type.typeParams.has(name)) return true;
    return /^T(\p{Lu}\w*)?$/u.test(name);
  }
}

function parentNamespace(namespace: string): string {
  const dot = namespace.lastIndexOf('.');
  return dot < 0 ? '' : namespace.slice(0, dot);
}
