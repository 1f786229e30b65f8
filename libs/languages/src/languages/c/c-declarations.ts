import type { SymbolRow } from '@lore/domain';
import type { CFile, CFunction, CPrototype } from './c-model';

/** A function declared in one place: a method in its class (a symbol of its own until joined), or a free prototype (none). */
type Declaration = { place: CPrototype; method: CFunction | null };

/**
 * Joins each function declared in one place and defined in another (`const char* Value() const;` in
 * its class in tinyxml2.h, `const char* XMLNode::Value() const { ... }` in tinyxml2.cpp) into one
 * symbol: the definition, where the body and the calls are, keeping its uid. A declaration and a
 * definition are one function when they have the same scope path and parameter types
 * (parameterTypesOf), or when the path has only the one of each (a method's definition must match its
 * one declaration, however it spells the types); overloads stay apart. The definition takes the
 * declaration's class as its parent (the class's members are its methods wherever their bodies
 * are), its doc comment when it has none, and its place as `declaredAt` (`tinyxml2.h:745`), the
 * first declaration in another file. One symbol, as TypeScript keeps one for an overload's
 * signatures and its implementation, joined in the step that sees every file, as Swift's resolver
 * joins extensions to their types; the place is one more property of the Symbol node (the snapshot
 * stores every property of a row), not a second symbol or a relationship: a place is all the
 * declaration adds. A declaration with no definition in the repository (pure virtual, defined in a
 * library) stays a symbol.
 *
 * Done before the calls are resolved, in place: the joined declarations leave `files`' functions and
 * `symbols` (the run's rows, which the extraction and the exact pass are given), so that no call
 * lands on them and no server is asked about them.
 */
export function joinDeclarations(files: readonly CFile[], symbols: SymbolRow[]): void {
  const definitions = new Map<string, CFunction[]>();
  const declarations = new Map<string, Declaration[]>();
  for (const file of files) {
    for (const fn of file.functions) {
      if (fn.symbol.nested || fn.symbol.kind === 'test') continue;
      const key = fn.path.join('::');
      if (fn.hasBody) push(definitions, key, fn);
      else if (fn.owner) {
        const place = { file, path: fn.path, parameterTypes: fn.parameterTypes, line: fn.symbol.startLine, doc: fn.symbol.doc };
        push(declarations, key, { method: fn, place });
      }
    }
    for (const prototype of file.prototypes) push(declarations, prototype.path.join('::'), { method: null, place: prototype });
  }
  const joined = new Map<CFunction, Declaration[]>();
  for (const [key, declared] of declarations) {
    const defined = definitions.get(key);
    if (!defined) continue;
    for (const declaration of declared) {
      const same = defined.filter((fn) => fn.parameterTypes === declaration.place.parameterTypes);
      for (const definition of same.length > 0 ? same : defined.length === 1 && declared.length === 1 ? defined : [])
        push(joined, definition, declaration);
    }
  }
  const dropped = new Set<SymbolRow>();
  for (const [definition, declared] of joined) {
    const { symbol } = definition;
    const method = declared.find((declaration) => declaration.method !== null)?.method;
    if (method) {
      symbol.parentUid = method.symbol.parentUid;
      dropped.add(method.symbol);
    }
    symbol.doc ??= declared.find((declaration) => declaration.place.doc !== null)?.place.doc ?? null;
    const place = (declared.find((declaration) => declaration.place.file !== definition.file) ?? declared[0]!).place;
    symbol.declaredAt = `${place.file.path}:${place.line}`;
  }
  if (dropped.size === 0) return;
  for (const file of files) file.functions = file.functions.filter((fn) => !dropped.has(fn.symbol));
  let kept = 0;
  for (const symbol of symbols) if (!dropped.has(symbol)) symbols[kept++] = symbol;
  symbols.length = kept;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
