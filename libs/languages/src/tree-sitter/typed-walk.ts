import type { Node } from 'web-tree-sitter';
import type { InheritanceRow, SymbolRow } from '@lore/domain';
import type { NestedNames } from '../function-bodies/nested-names';
import type { SiteCalls } from './edges';
import type { Unresolved } from './resolution';
import type { MeasuredBody } from './body-metrics';
import type { ScopeStack } from './scopes';
import type { FileSymbols } from './symbol-rows';
import { linesOf } from './tree-sitter';
import type { TypedCallable, TypedResolution, TypedType } from './typed-values';

/**
 * The skeleton the walks of the typed languages (C#, PHP, Kotlin, Ruby) share: the scopes a walk is
 * in, a nested body's symbol and locals, and the inheritance rows their resolvers answer. What a
 * language's syntax means stays in its folder.
 */

/** A walk's scopes: a type's body, a function's body (C# and PHP add their namespaces). */
export type TypedWalkScope<Type, Method> = { kind: 'type'; type: Type } | { kind: 'method'; method: Method };

/** A scope a language adds around its types (C#'s and PHP's namespaces): never a type's or a function's body. */
type NamespaceScope = { kind: 'namespace' };

/** The innermost type around the walk, null at the top of the file. */
export function currentTypeOf<Type, Method>(scopes: ScopeStack<TypedWalkScope<Type, Method> | NamespaceScope>): Type | null {
  return scopes.innermost((s): s is { kind: 'type'; type: Type } => s.kind === 'type')?.type ?? null;
}

/** The function whose body the walk is directly in: none when a type's body is nearer. */
export function currentMethodOf<Type, Method>(scopes: ScopeStack<TypedWalkScope<Type, Method> | NamespaceScope>): Method | null {
  const scope = scopes.innermost((s): s is TypedWalkScope<Type, Method> => s.kind !== 'namespace');
  return scope?.kind === 'method' ? scope.method : null;
}

/** A nested body (lambda, closure, block) declared under `parent`, named after `base` and unique among its siblings. */
export function addNestedFunction(
  symbols: FileSymbols,
  nestedNames: NestedNames,
  nested: { node: Node; base: string; parent: SymbolRow | null; body: MeasuredBody; signature: string; test?: boolean },
): SymbolRow {
  const test = nested.test ?? false;
  return symbols.add({
    kind: 'function',
    test,
    name: nestedNames.claim(nested.parent ? `${nested.parent.qualifiedName}.` : '', nested.base),
    parent: nested.parent,
    signature: nested.signature,
    doc: null,
    ...linesOf(nested.node),
    exported: false,
    body: nested.body,
    nested: !test,
  });
}

/** A nested body sees the locals of the function around it, unless a parameter of its own hides them. */
export function inheritLocals<File>(method: TypedCallable<File>, enclosing: TypedCallable<File>): void {
  for (const [local, value] of enclosing.locals) if (!method.locals.has(local)) method.locals.set(local, value);
}

/** EXTENDS and IMPLEMENTS rows from every type to the supertypes the resolution found for it. */
export function inheritanceRows<File, Type extends TypedType<File>>(
  types: Iterable<Type>,
  resolution: TypedResolution<File>,
  implementsOf: (type: Type, parent: TypedType<File>) => boolean,
): InheritanceRow[] {
  const rows: InheritanceRow[] = [];
  for (const type of types)
    for (const parent of resolution.supersOf(type))
      rows.push({ fromUid: type.symbol.uid, toUid: parent.symbol.uid, kind: implementsOf(type, parent) ? 'IMPLEMENTS' : 'EXTENDS' });
  return rows;
}

/** C#'s, PHP's and Kotlin's rule: a class's interface is implemented, any other supertype extended. */
export function implementsInterface<File>(type: TypedType<File>, parent: TypedType<File>): boolean {
  return parent.isInterface && !type.isInterface;
}

/** `new T(...)` (`T.new` in Ruby): T's constructor of that arity by the language's name for it, else T itself. */
export function followConstructor<File>(
  resolution: TypedResolution<File>,
  type: TypedType<File> | Unresolved,
  constructorName: string,
  args: number,
  calls: SiteCalls,
): void {
  if ('symbol' in type) calls.followed((resolution.findMethod(type, constructorName, args) ?? type).symbol);
}
