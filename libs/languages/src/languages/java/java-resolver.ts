import type { ExternalName, InheritanceRow, SymbolRow } from '@lore/domain';
import type { ExternalReferenceRows } from '../../external-references';
import { indexByName, type ImportEdges, type SiteCalls } from '../../tree-sitter/edges';
import { EXTERNAL, fieldInHierarchy, findInHierarchy, MAX_EVAL_DEPTH, UNKNOWN, type Unresolved } from '../../tree-sitter/resolution';
import type { CrossFileResolver } from '../../tree-sitter/tree-sitter-extraction';
import { PRIMITIVES, type JavaCallSite, type JavaFile, type JavaMethod, type JavaType, type JExpr } from './java-model';
import { baseTypeName } from './java-syntax';

/** What an expression evaluates to: a repository type, a type from outside the repository, or unknown. */
type JValue = { kind: 'type'; type: JavaType } | Unresolved;

/** How many supertypes up a method or field is looked for. */
const MAX_SUPERTYPE_DEPTH = 20;

/** Simple names in the types a file declares, extends, stores, returns, instantiates or calls statically. */
function mentionedTypeNames(file: JavaFile): Set<string> {
  const texts: string[] = [];
  for (const type of file.types) {
    texts.push(...type.fields.values(), ...type.interfaces);
    if (type.superclass) texts.push(type.superclass);
    for (const overloads of type.methods.values()) {
      for (const method of overloads) {
        if (method.returns) texts.push(method.returns);
        for (const local of method.locals.values()) if (local.kind === 'type') texts.push(local.text);
      }
    }
  }
  for (const site of file.sites) {
    if (site.kind === 'new') texts.push(site.name);
    if (site.object?.kind === 'name') texts.push(site.object.name);
  }
  const names = new Set<string>();
  for (const text of texts) for (const name of text.match(/[A-Za-z_$][\w$]*/g) ?? []) names.add(name);
  return names;
}

/** Phase two: types, supertypes, calls and imports across the repository. */
export class JavaResolver implements CrossFileResolver<JavaCallSite> {
  private readonly byFqn = new Map<string, JavaType>();
  private readonly bySimpleName = new Map<string, SymbolRow[]>();
  private readonly methodCandidates = new Map<string, SymbolRow[]>();

  constructor(
    private readonly files: readonly JavaFile[],
    private readonly external: ExternalReferenceRows,
    private readonly fileUidOf: (path: string) => string,
  ) {
    for (const file of files) {
      for (const type of file.types) {
        if (type.fqn && !this.byFqn.has(type.fqn)) this.byFqn.set(type.fqn, type);
        indexByName(this.bySimpleName, type.symbol);
      }
    }
    for (const file of files)
      for (const method of file.methods)
        if (method.symbol.kind === 'method' && method.symbol.name !== 'constructor') indexByName(this.methodCandidates, method.symbol);
  }

  addImports(edges: ImportEdges): void {
    for (const file of this.files) {
      for (const [simple, fqn] of file.imports) {
        const type = this.byFqn.get(fqn);
        if (type) edges.add(file.path, type.file.path, [simple]);
        else this.addExternalImport(file, fqn, simple);
      }
      for (const [member, owner] of file.staticImports) {
        const type = this.byFqn.get(owner);
        if (type) edges.add(file.path, type.file.path, [member]);
        else this.addExternalImport(file, owner, member);
      }
      if (file.wildcardImports.length > 0) {
        // `import a.b.*`: rows to the files of the types the file mentions, not to the whole package.
        const mentioned = mentionedTypeNames(file);
        for (const pkg of file.wildcardImports) {
          const owner = this.byFqn.get(pkg);
          if (owner) {
            edges.add(file.path, owner.file.path, ['*']);
            continue;
          }
          for (const name of mentioned) {
            const type = this.byFqn.get(`${pkg}.${name}`);
            if (type) edges.add(file.path, type.file.path, [name]);
          }
        }
      }
      for (const owner of file.staticWildcardImports) {
        const type = this.byFqn.get(owner);
        if (type) edges.add(file.path, type.file.path, ['*']);
      }
    }
  }

  inheritance(): InheritanceRow[] {
    const rows: InheritanceRow[] = [];
    for (const file of this.files)
      for (const type of file.types) {
        for (const parent of this.supersOf(type)) rows.push({ fromUid: type.symbol.uid, toUid: parent.type.symbol.uid, kind: parent.kind });
        this.addExternalSupertypes(type);
      }
    return rows;
  }

  private addExternalImport(file: JavaFile, qualifiedName: string, name: string): void {
    const outside = javaName(qualifiedName);
    if (outside) this.external.addImport(this.fileUidOf(file.path), outside.package, '', [name]);
  }

  /** Supertypes imported from outside the repository, as names of their packages. */
  private addExternalSupertypes(type: JavaType): void {
    const supertypes: [string, 'EXTENDS' | 'IMPLEMENTS'][] = type.interfaces.map((name) => [
      name,
      type.isInterface ? 'EXTENDS' : 'IMPLEMENTS',
    ]);
    if (type.superclass) supertypes.push([type.superclass, 'EXTENDS']);
    for (const [text, kind] of supertypes) {
      const outside = this.externalType(type.file, baseTypeName(text).name);
      if (outside) this.external.addInheritance(type.symbol.uid, outside, kind);
    }
  }

  /**
   * A type name (`Item`, `Item.Status`, `com.acme.Item`) that a file imports from outside the
   * repository or spells out in full, as a name of its package; null for the repository's types.
   */
  private externalType(file: JavaFile, name: string): ExternalName | null {
    const [first, ...rest] = name.split('.');
    if (file.topTypes.has(first!) || this.byFqn.has(file.pkg ? `${file.pkg}.${first}` : first!)) return null;
    const imported = file.imports.get(first!);
    if (imported !== undefined) return this.byFqn.has(imported) ? null : javaName([imported, ...rest].join('.'));
    return /^[a-z]/.test(first!) && !this.resolveType(file, null, name, new Set()) ? javaName(name) : null;
  }

  /** Superclass (EXTENDS), implemented interfaces (IMPLEMENTS), or extended interfaces (EXTENDS), inside the repository. */
  private supersOf(type: JavaType): { type: JavaType; kind: 'EXTENDS' | 'IMPLEMENTS' }[] {
    if (!type.supers) {
      type.supers = [];
      const context = type.outer ?? null;
      if (type.superclass) {
        const parent = this.resolveType(type.file, context, type.superclass, new Set());
        if (parent && parent !== type) type.supers.push({ type: parent, kind: 'EXTENDS' });
      }
      for (const name of type.interfaces) {
        const parent = this.resolveType(type.file, context, name, new Set());
        if (parent && parent !== type) type.supers.push({ type: parent, kind: type.isInterface ? 'EXTENDS' : 'IMPLEMENTS' });
      }
    }
    return type.supers;
  }

  resolveCall(site: JavaCallSite, calls: SiteCalls): void {
    const caller = site.caller;
    const outside = this.externalCallee(site);
    // A constructor or static method of another package: a link when a repository that provides it is indexed.
    if (outside) this.external.addCall(caller.symbol.uid, outside, site.line);
    switch (site.kind) {
      case 'new': {
        const typeParams = this.typeParamsOf(caller);
        const type = this.resolveType(caller.type.file, caller.type, site.name, typeParams);
        if (type) calls.followed(type.symbol);
        else if (!typeParams.has(baseTypeName(site.name).name)) {
          const simple = baseTypeName(site.name).name.split('.').pop()!;
          calls.byName(this.bySimpleName.get(simple));
        }
        return;
      }
      case 'this':
        calls.followed(caller.type.symbol);
        return;
      case 'super': {
        const parent = this.supersOf(caller.type).find((entry) => entry.kind === 'EXTENDS' && !caller.type.isInterface);
        if (parent) calls.followed(parent.type.symbol);
        return;
      }
    }
    if (site.object === null) {
      this.resolveBareCall(site, calls);
      return;
    }
    const receiver = this.evaluate(caller, site.object, 0);
    if (receiver.kind === 'external') return;
    const method = receiver.kind === 'type' ? this.findMethod(receiver.type, site.name, site.args) : null;
    calls.followedOrByName(method?.symbol ?? null, this.methodCandidates.get(site.name));
  }

  /** `new Item()`, `Items.of()` or a statically imported `of()` of a type imported from another package. */
  private externalCallee(site: JavaCallSite): ExternalName | null {
    const file = site.caller.type.file;
    if (site.kind === 'new') return this.externalType(file, baseTypeName(site.name).name);
    if (site.kind !== 'call' && site.kind !== 'reference') return null;
    if (site.object === null) {
      const owner = file.staticImports.get(site.name);
      if (owner === undefined || this.byFqn.has(owner) || this.methodInScope(site.caller.type, site.name, site.args)) return null;
      const outside = javaName(owner);
      return outside && { ...outside, path: [...outside.path, site.name] };
    }
    if (site.object.kind !== 'name') return null;
    const outside = this.externalType(file, site.object.name);
    // A local or field of that name hides the type.
    if (!outside || this.evaluate(site.caller, site.object, 0).kind !== 'external') return null;
    return { ...outside, path: [...outside.path, site.name] };
  }

  /** `name(...)`: a method of the class or an enclosing one (own or inherited), then static imports, then by name. */
  private resolveBareCall(site: JavaCallSite, calls: SiteCalls): void {
    const inScope = this.methodInScope(site.caller.type, site.name, site.args);
    if (inScope) {
      calls.followed(inScope.symbol);
      return;
    }
    const file = site.caller.type.file;
    const owner = file.staticImports.get(site.name);
    if (owner !== undefined) {
      const type = this.byFqn.get(owner);
      const method = type ? this.findMethod(type, site.name, site.args) : null;
      if (method) calls.followed(method.symbol);
      // Statically imported from outside the repository: no edge.
      if (method || !type) return;
    }
    for (const wildcard of file.staticWildcardImports) {
      const type = this.byFqn.get(wildcard);
      const method = type ? this.findMethod(type, site.name, site.args) : null;
      if (method) {
        calls.followed(method.symbol);
        return;
      }
    }
    calls.byName(this.methodCandidates.get(site.name));
  }

  private evaluate(method: JavaMethod, expr: JExpr, depth: number): JValue {
    if (depth > MAX_EVAL_DEPTH) return UNKNOWN;
    switch (expr.kind) {
      case 'this':
        return { kind: 'type', type: method.type };
      case 'super': {
        const parent = this.supersOf(method.type)[0];
        return parent ? { kind: 'type', type: parent.type } : EXTERNAL;
      }
      case 'name': {
        const local = method.locals.get(expr.name);
        if (local) {
          if (local.kind === 'unknown') return UNKNOWN;
          if (local.kind === 'expr') return this.evaluate(method, local.expr, depth + 1);
          return this.typeValue(method.type.file, method.type, local.text, this.typeParamsOf(method));
        }
        for (let type: JavaType | null = method.type; type; type = type.outer) {
          const field = this.findField(type, expr.name);
          if (field) return this.fieldValue(field);
        }
        const type = this.resolveType(method.type.file, method.type, expr.name, this.typeParamsOf(method));
        if (type) return { kind: 'type', type };
        // An unknown capitalised name is a class from outside the repository (Objects, Collections...).
        return /^[A-Z]/.test(expr.name) ? EXTERNAL : UNKNOWN;
      }
      case 'field': {
        const object = this.evaluate(method, expr.object, depth + 1);
        if (object.kind !== 'type') return object;
        const nested = object.type.nested.get(expr.name);
        if (nested) return { kind: 'type', type: nested };
        const field = this.findField(object.type, expr.name);
        return field ? this.fieldValue(field) : UNKNOWN;
      }
      case 'call': {
        if (expr.object === null) {
          const target = this.methodInScope(method.type, expr.name, expr.args);
          return target ? this.returnValue(target) : UNKNOWN;
        }
        const object = this.evaluate(method, expr.object, depth + 1);
        if (object.kind !== 'type') return object;
        const target = this.findMethod(object.type, expr.name, expr.args);
        return target ? this.returnValue(target) : UNKNOWN;
      }
      case 'new':
        return this.typeValue(method.type.file, method.type, expr.type, this.typeParamsOf(method));
      default:
        return UNKNOWN;
    }
  }

  private returnValue(method: JavaMethod): JValue {
    if (!method.returns) return UNKNOWN;
    return this.typeValue(method.type.file, method.type, method.returns, this.typeParamsOf(method));
  }

  /** A declared type as a value: a repository type, outside the repository, or unknown (a type variable). */
  private typeValue(file: JavaFile, context: JavaType | null, text: string, typeParams: ReadonlySet<string>): JValue {
    const { name, array } = baseTypeName(text);
    if (array || PRIMITIVES.has(name)) return EXTERNAL;
    if (typeParams.has(name) || name === 'var' || name === '') return UNKNOWN;
    const type = this.resolveType(file, context, text, typeParams);
    return type ? { kind: 'type', type } : EXTERNAL;
  }

  private typeParamsOf(method: JavaMethod): Set<string> {
    const names = new Set(method.typeParams);
    for (let type: JavaType | null = method.type; type; type = type.outer) for (const name of type.typeParams) names.add(name);
    return names;
  }

  /** A type name as javac sees it from a file and an enclosing type; null when it is not a repository type. */
  resolveType(file: JavaFile, context: JavaType | null, text: string, typeParams: ReadonlySet<string>): JavaType | null {
    const { name, array } = baseTypeName(text);
    if (array || !name || PRIMITIVES.has(name) || typeParams.has(name)) return null;
    const parts = name.split('.');
    let type = this.resolveSimple(file, context, parts[0]!);
    if (type) {
      for (let i = 1; i < parts.length && type; i++) type = type.nested.get(parts[i]!) ?? null;
      return type;
    }
    // A qualified name: the longest prefix that is a known type, then its nested types.
    for (let k = parts.length; k >= 2; k--) {
      let found = this.byFqn.get(parts.slice(0, k).join('.')) ?? null;
      for (let i = k; i < parts.length && found; i++) found = found.nested.get(parts[i]!) ?? null;
      if (found) return found;
    }
    return null;
  }

  private resolveSimple(file: JavaFile, context: JavaType | null, name: string): JavaType | null {
    for (let type = context; type; type = type.outer) {
      if (type.symbol.name === name) return type;
      const nested = type.nested.get(name) ?? this.inheritedNested(type, name);
      if (nested) return nested;
    }
    const top = file.topTypes.get(name);
    if (top) return top;
    const imported = file.imports.get(name);
    if (imported !== undefined) return this.byFqn.get(imported) ?? null;
    const samePackage = this.byFqn.get(file.pkg ? `${file.pkg}.${name}` : name);
    if (samePackage) return samePackage;
    for (const wildcard of file.wildcardImports) {
      const found = this.byFqn.get(`${wildcard}.${name}`);
      if (found) return found;
    }
    return null;
  }

  private inheritedNested(type: JavaType, name: string): JavaType | null {
    // Only the direct supertypes' nested types: enough for the common `Map.Entry`-like cases, and no recursion into resolution.
    if (!type.supers) return null;
    for (const parent of type.supers) {
      const nested = parent.type.nested.get(name);
      if (nested) return nested;
    }
    return null;
  }

  /** A method called by its bare name from inside a type: the type's own or inherited, or an enclosing type's. */
  private methodInScope(type: JavaType, name: string, args: number): JavaMethod | null {
    for (let scope: JavaType | null = type; scope; scope = scope.outer) {
      const method = this.findMethod(scope, name, args);
      if (method) return method;
    }
    return null;
  }

  /** A method of a type or its supertypes; among overloads, the one taking `args` arguments (-1: any). */
  private findMethod(type: JavaType, name: string, args: number): JavaMethod | null {
    return findInHierarchy(
      type,
      (owner) => overloadFor(owner.methods.get(name), args),
      (owner) => this.supertypesOf(owner),
      MAX_SUPERTYPE_DEPTH,
    );
  }

  /** A field's declared type, and the type that declares it (its own or a supertype). */
  private findField(type: JavaType, name: string): { text: string; owner: JavaType } | null {
    return fieldInHierarchy(type, name, (owner) => this.supertypesOf(owner), MAX_SUPERTYPE_DEPTH);
  }

  /** The value of a field, its type read where the field is declared. */
  private fieldValue(field: { text: string; owner: JavaType }): JValue {
    return this.typeValue(field.owner.file, field.owner, field.text, field.owner.typeParams);
  }

  private supertypesOf(type: JavaType): JavaType[] {
    return this.supersOf(type).map((parent) => parent.type);
  }
}

/** The overload a call with `args` arguments means: the same arity, else a varargs method it fits, else the first. */
function overloadFor(overloads: JavaMethod[] | undefined, args: number): JavaMethod | null {
  if (!overloads || overloads.length === 0) return null;
  if (args < 0) return overloads[0]!;
  return overloads.find((m) => m.params === args) ?? overloads.find((m) => m.varargs && args >= m.params - 1) ?? overloads[0]!;
}

/**
 * A qualified type name as a name of its Java package (the leading lower-case parts): `com.acme.Item.Status`
 * is `Item.Status` of `java:com.acme`. The JDK's packages are left out: no repository provides them.
 */
function javaName(qualifiedName: string): ExternalName | null {
  const parts = qualifiedName.split('.');
  const firstType = parts.findIndex((part) => /^[A-Z]/.test(part));
  if (firstType <= 0 || /^javax?$/.test(parts[0]!)) return null;
  return { package: `java:${parts.slice(0, firstType).join('.')}`, module: '', path: parts.slice(firstType) };
}
