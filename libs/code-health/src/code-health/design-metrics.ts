import type { HealthFacts, HealthImportRow, HealthSymbolRow } from '@lore/graph';
import { DisjointSets } from './clone-groups';
import { knownLanguage } from '@lore/indexer';

export interface FunctionMeasure {
  symbol: HealthSymbolRow;
  /** Distinct symbols calling it / it calls (CALLS of any confidence, inside the repository). */
  fanIn: number;
  fanOut: number;
}

export interface ClassMeasure {
  symbol: HealthSymbolRow;
  /** Coupling between objects: the other classes it references or is referenced by (calls, inheritance). */
  cbo: number;
  /** LCOM4: the groups its methods fall into, joined by the calls between them and the fields they share; null with fewer than two methods. */
  lcom4: number | null;
  methods: number;
}

export interface ModuleMeasure {
  path: string;
  /** Files importing it (Ca). */
  afferent: number;
  /** Files it imports (Ce). */
  efferent: number;
  /** Ce / (Ca + Ce); null for a file without imports either way. */
  instability: number | null;
}

const CLASS_KINDS = new Set(['class', 'interface', 'enum']);
export const BODY_KINDS = new Set(['function', 'method', 'test']);

/** The class, interface or enum a symbol belongs to, through its enclosing symbols (a nested closure of a method belongs to the method's class). */
export function owningClasses(symbols: readonly HealthSymbolRow[]): Map<string, string> {
  const byUid = new Map(symbols.map((symbol) => [symbol.uid, symbol]));
  const owner = new Map<string, string>();
  for (const symbol of symbols) {
    let current: HealthSymbolRow | undefined = symbol;
    for (let depth = 0; current && depth < 50; depth++) {
      if (CLASS_KINDS.has(current.kind)) {
        owner.set(symbol.uid, current.uid);
        break;
      }
      current = current.parentUid === null ? undefined : byUid.get(current.parentUid);
    }
  }
  return owner;
}

/** The uid of the method (or top-level function) a body's calls count for: a nested body counts for its nearest non-nested encloser. */
function outermostBody(symbols: readonly HealthSymbolRow[]): Map<string, string> {
  const byUid = new Map(symbols.map((symbol) => [symbol.uid, symbol]));
  const result = new Map<string, string>();
  for (const symbol of symbols) {
    let current = symbol;
    for (let depth = 0; current.nested && current.parentUid !== null && depth < 50; depth++) {
      const parent = byUid.get(current.parentUid);
      if (!parent) break;
      current = parent;
    }
    result.set(symbol.uid, current.uid);
  }
  return result;
}

export function functionMeasures(facts: HealthFacts): FunctionMeasure[] {
  const callers = new Map<string, Set<string>>();
  const callees = new Map<string, Set<string>>();
  for (const reference of facts.references) {
    if (reference.type !== 'CALLS' || reference.fromUid === reference.toUid) continue;
    callers.set(reference.toUid, (callers.get(reference.toUid) ?? new Set()).add(reference.fromUid));
    callees.set(reference.fromUid, (callees.get(reference.fromUid) ?? new Set()).add(reference.toUid));
  }
  return facts.symbols
    .filter((symbol) => BODY_KINDS.has(symbol.kind))
    .map((symbol) => ({ symbol, fanIn: callers.get(symbol.uid)?.size ?? 0, fanOut: callees.get(symbol.uid)?.size ?? 0 }));
}

export function classMeasures(facts: HealthFacts): ClassMeasure[] {
  const owner = owningClasses(facts.symbols);
  const counted = outermostBody(facts.symbols);
  const coupled = new Map<string, Set<string>>();
  const couple = (a: string, b: string) => coupled.set(a, (coupled.get(a) ?? new Set()).add(b));
  // Calls inside one class, by class: LCOM4 joins a class's methods by its own links only.
  const methodLinks = new Map<string, [string, string][]>();
  for (const reference of facts.references) {
    if (reference.type === 'TESTS') continue;
    const from = owner.get(reference.fromUid);
    const to = owner.get(reference.toUid);
    if (from !== undefined && to !== undefined && from !== to) {
      couple(from, to);
      couple(to, from);
    }
    if (reference.type === 'CALLS' && from !== undefined && from === to) {
      const link: [string, string] = [counted.get(reference.fromUid) ?? reference.fromUid, reference.toUid];
      const links = methodLinks.get(from);
      if (links) links.push(link);
      else methodLinks.set(from, [link]);
    }
  }
  const methodsOf = new Map<string, HealthSymbolRow[]>();
  for (const symbol of facts.symbols) {
    if (symbol.kind !== 'method' || symbol.nested) continue;
    const cls = symbol.parentUid;
    if (cls === null || owner.get(cls) !== cls) continue;
    const methods = methodsOf.get(cls);
    if (methods) methods.push(symbol);
    else methodsOf.set(cls, [symbol]);
  }
  const fieldsOf = fieldsByMethod(facts.symbols, counted);
  return facts.symbols
    .filter((symbol) => symbol.kind === 'class')
    .map((symbol) => {
      const methods = (methodsOf.get(symbol.uid) ?? []).filter((method) => !isConstructor(method, symbol));
      return {
        symbol,
        cbo: coupled.get(symbol.uid)?.size ?? 0,
        lcom4: lcom4(methods, methodLinks.get(symbol.uid) ?? [], fieldsOf),
        methods: methods.length,
      };
    });
}

/** Constructors set every field up: counted, they would join every method. LCOM4 leaves them out. */
function isConstructor(method: HealthSymbolRow, cls: HealthSymbolRow): boolean {
  const names = knownLanguage(method.language)?.definition.constructorNames ?? [];
  return names.includes(method.name) || (names.includes('<class>') && method.name === cls.name);
}

/** The fields each method (with the bodies nested in it) reads or writes. */
function fieldsByMethod(symbols: readonly HealthSymbolRow[], counted: Map<string, string>): Map<string, Set<string>> {
  const fields = new Map<string, Set<string>>();
  for (const symbol of symbols) {
    const used = [...(symbol.fieldReads ?? []), ...(symbol.fieldWrites ?? [])];
    if (used.length === 0) continue;
    const method = counted.get(symbol.uid) ?? symbol.uid;
    const set = fields.get(method) ?? new Set<string>();
    for (const name of used) set.add(name);
    fields.set(method, set);
  }
  return fields;
}

/**
 * Connected groups of `methods`, two methods joined when one calls the other, when one names the
 * other without calling it (`this.save` handed on), or when both use one field.
 */
function lcom4(
  methods: readonly HealthSymbolRow[],
  links: readonly [string, string][],
  fieldsOf: ReadonlyMap<string, ReadonlySet<string>>,
): number | null {
  if (methods.length < 2) return null;
  const index = new Map(methods.map((method, position) => [method.uid, position]));
  const byName = new Map(methods.map((method, position) => [method.name, position]));
  const sets = new DisjointSets(methods.length);
  for (const [from, to] of links) {
    const [a, b] = [index.get(from), index.get(to)];
    if (a !== undefined && b !== undefined) sets.union(a, b);
  }
  const firstUser = new Map<string, number>();
  methods.forEach((method, position) => {
    for (const name of fieldsOf.get(method.uid) ?? []) {
      const named = byName.get(name);
      if (named !== undefined) sets.union(position, named);
      const first = firstUser.get(name);
      if (first === undefined) firstUser.set(name, position);
      else sets.union(first, position);
    }
  });
  return new Set(methods.map((_, position) => sets.find(position))).size;
}

export function moduleMeasures(paths: readonly string[], imports: readonly HealthImportRow[]): ModuleMeasure[] {
  const importers = new Map<string, Set<string>>();
  const imported = new Map<string, Set<string>>();
  for (const edge of imports) {
    if (edge.fromPath === edge.toPath) continue;
    importers.set(edge.toPath, (importers.get(edge.toPath) ?? new Set()).add(edge.fromPath));
    imported.set(edge.fromPath, (imported.get(edge.fromPath) ?? new Set()).add(edge.toPath));
  }
  return paths.map((path) => {
    const afferent = importers.get(path)?.size ?? 0;
    const efferent = imported.get(path)?.size ?? 0;
    const instability = afferent + efferent === 0 ? null : Math.round((efferent / (afferent + efferent)) * 1000) / 1000;
    return { path, afferent, efferent, instability };
  });
}

export interface ImportCycle {
  /** The files of the strongly connected group, sorted. */
  paths: string[];
  /** Whether the cycle holds over runtime imports alone (it can fail or half-initialise at load time). */
  runtime: boolean;
  /** A cycle that needs deferred imports: those of its imports, `from → to (kind)`, sorted; empty for a runtime cycle. */
  deferred: string[];
}

/**
 * The import cycles: strongly connected groups of files (Tarjan) over the runtime imports, then the
 * groups over every import that are not also runtime groups: cycles that exist only through type-only,
 * TYPE_CHECKING and function-local imports, which load nothing and are reported apart.
 */
export function importCycles(imports: readonly HealthImportRow[]): ImportCycle[] {
  const runtime = stronglyConnected(imports.filter((edge) => edge.kind === null));
  const runtimeKeys = new Set(runtime.map((paths) => paths.join('\n')));
  const deferredOnly = stronglyConnected(imports).filter((paths) => !runtimeKeys.has(paths.join('\n')));
  const cycles = [
    ...runtime.map((paths) => ({ paths, runtime: true, deferred: [] })),
    ...deferredOnly.map((paths) => {
      const inside = new Set(paths);
      const deferred = imports
        .filter((edge) => edge.kind !== null && inside.has(edge.fromPath) && inside.has(edge.toPath))
        .map((edge) => `${edge.fromPath} → ${edge.toPath} (${edge.kind})`)
        .sort();
      return { paths, runtime: false, deferred };
    }),
  ];
  return cycles.sort(
    (a, b) => Number(b.runtime) - Number(a.runtime) || (a.paths[0]! < b.paths[0]! ? -1 : a.paths[0]! > b.paths[0]! ? 1 : 0),
  );
}

/** Strongly connected groups of files with more than one file, or one importing itself; each sorted, the groups by first path. */
function stronglyConnected(imports: readonly HealthImportRow[]): string[][] {
  const next = new Map<string, string[]>();
  for (const edge of imports) next.set(edge.fromPath, [...(next.get(edge.fromPath) ?? []), edge.toPath]);
  const nodes = [...new Set(imports.flatMap((edge) => [edge.fromPath, edge.toPath]))].sort();
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  // Iterative Tarjan: deep import chains must not overflow the call stack.
  for (const start of nodes) {
    if (order.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    order.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work.at(-1)!;
      const targets = next.get(frame.node) ?? [];
      if (frame.edge < targets.length) {
        const target = targets[frame.edge++]!;
        if (!order.has(target)) {
          order.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edge: 0 });
        } else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node)!, order.get(target)!));
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== order.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      const selfLoop = component.length === 1 && (next.get(frame.node) ?? []).includes(frame.node);
      if (component.length > 1 || selfLoop) cycles.push(component.sort());
    }
  }
  return cycles.sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : 0));
}
