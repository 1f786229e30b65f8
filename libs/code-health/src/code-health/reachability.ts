import { posix } from 'node:path';
import type { HealthFacts, HealthSymbolRow } from '@lore/graph';
import { codeLanguages, knownLanguage } from '@lore/indexer';
import type { Publication } from './publication';

/** A symbol nothing reaches from the roots (`dead`), or reaches only through calls matched by name (`unknown`). */
export interface UnreachedSymbol {
  symbol: HealthSymbolRow;
  status: 'dead' | 'unknown';
  confidence: 'high' | 'medium' | 'low';
  reason: string;
  /**
   * A public name nothing in the repository uses: in a `library`, information (its clients may use
   * it), never a finding; in an `application`, an `unknown` finding (a runtime may call it).
   */
  publicApi?: 'library' | 'application';
}

const STRONG_CALLS = new Set(['exact', 'import']);
const CANDIDATE_KINDS = new Set(['function', 'method', 'class']);
/** Files whose top-level symbols a runtime starts from (entry points, package roots). */
const ENTRY_FILE = /(?:^|\/)(?:index|main|__main__|__init__|cli|app|server|mod)\.[a-z]+$|(?:^|\/)bin\//;
const PACKAGE_ROOT = /(?:^|\/)(?:index\.[cm]?[jt]sx?|__init__\.py)$/;
/** Methods a runtime calls by name: constructors, Python dunders, Java and Go entry points. */
const IMPLICIT_METHOD = /^(?:constructor|__\w+__|main|init|toString|equals|hashCode|String|Error)$/;

/**
 * Dead code by reachability: from the roots (module-level code and what it calls, top-level variables' initializers
 * and the bodies written there (registrations: routes, listeners), the top-level symbols of entry
 * files, tests, implicit methods, overrides of a base's member and methods named like a method of an
 * interface of the repository, and public names: exported symbols, the members of exported classes,
 * names re-exported by a package root), follow calls, tests, inheritance, enclosing and enclosed
 * symbols. Function, method and class symbols no strong path reaches are listed: `unknown` when a
 * call matched only by name reaches them, else `dead`. Nested bodies follow their encloser and are
 * never listed themselves. A top-level public function or class that nothing in the repository
 * calls, imports or names as a base (and that no package root re-exports nor an entry file declares:
 * those are its declared API) is listed `unknown` with `publicApi`: in a library, information that
 * its clients may call it, which the report keeps apart from the findings (no gate, baseline or
 * comparison counts it); in an application, an `unknown` finding, never dead (see rootsOf).
 */
export function unreachedSymbols(facts: HealthFacts, callsExact: boolean, publication: Publication): UnreachedSymbol[] {
  const byUid = new Map(facts.symbols.map((symbol) => [symbol.uid, symbol]));
  const roots = rootsOf(facts, byUid);
  const usedByNothing = publicNamesNothingUses(facts);
  const strong = new Map<string, string[]>();
  const weak = new Map<string, string[]>();
  const link = (edges: Map<string, string[]>, from: string, to: string) => {
    const targets = edges.get(from);
    if (targets) targets.push(to);
    else edges.set(from, [to]);
  };
  for (const reference of facts.references) {
    const isWeak = reference.type === 'CALLS' && !STRONG_CALLS.has(reference.confidence ?? '');
    link(isWeak ? weak : strong, reference.fromUid, reference.toUid);
  }
  // Module-level code runs when its file loads: what it calls is reached from the file (its path, never a symbol's uid).
  for (const file of facts.files) {
    if (file.calledAtLoad.length > 0) roots.add(file.path);
    for (const call of file.calledAtLoad) link(STRONG_CALLS.has(call.confidence) ? strong : weak, file.path, call.uid);
  }
  for (const symbol of facts.symbols) {
    if (symbol.parentUid === null) continue;
    // A reached member keeps its class; a reached body keeps the bodies nested in it.
    link(strong, symbol.uid, symbol.parentUid);
    if (symbol.nested) link(strong, symbol.parentUid, symbol.uid);
  }
  const reachedStrongly = walk(roots, [strong]);
  const reachedAtAll = walk(roots, [strong, weak]);
  return facts.symbols
    .filter(
      (symbol) =>
        CANDIDATE_KINDS.has(symbol.kind) &&
        !symbol.nested &&
        !symbol.inTest &&
        (!reachedStrongly.has(symbol.uid) || usedByNothing.has(symbol.uid)),
    )
    .map((symbol): UnreachedSymbol => {
      if (usedByNothing.has(symbol.uid)) {
        return {
          symbol,
          status: 'unknown',
          confidence: 'low',
          reason: publication.published
            ? `${publication.by}; nothing in the repository calls, imports or names it`
            : `public in an application (${publication.by}) and nothing in the repository calls, imports or names it, but a runtime may (plugins loaded by name, a C extension's init, compiled JSX): not called dead`,
          publicApi: publication.published ? 'library' : 'application',
        };
      }
      if (reachedAtAll.has(symbol.uid)) {
        return {
          symbol,
          status: 'unknown',
          confidence: 'low',
          reason: 'reached only through calls matched by name (confidence name or ambiguous)',
        };
      }
      // Languages whose calls the index resolves from declared types or with a compiler: an unreached symbol there is dead with high confidence.
      const sure = callsExact && knownLanguage(symbol.language)?.language.staticCalls === true;
      return {
        symbol,
        status: 'dead',
        confidence: sure ? 'high' : 'medium',
        reason: sure
          ? 'not exported, not re-exported, not an entry point, test, override or implementation, and nothing reachable calls it'
          : 'nothing reachable calls it (calls in this language or run are not all resolved by a compiler: dynamic uses may hide)',
      };
    });
}

/**
 * Markup that runs code: pages with inline scripts and handlers (`onload="initMode()"`), component
 * templates, server-side templates. A name in one is a use the graph does not hold (netbox's
 * `initMode`, in setmode.js, is called only from `templates/base/base.html`), so their files are
 * searched with the code's.
 */
const TEMPLATE_ENDINGS = new Set([
  '.html',
  '.htm',
  '.xhtml',
  '.vue',
  '.svelte',
  '.astro',
  '.ejs',
  '.erb',
  '.hbs',
  '.handlebars',
  '.mustache',
  '.njk',
  '.jinja',
  '.jinja2',
  '.j2',
  '.twig',
  '.liquid',
  '.cshtml',
  '.razor',
  '.jsp',
]);

/**
 * What to ask the code of the items reachability calls dead, and of a library's public names
 * nothing uses: their names, where each is declared, and the file name endings of the repository's
 * code and templates (documents and reports that mention a name are no use of it).
 */
export function deadCodeQuestions(
  facts: HealthFacts,
  callsExact: boolean,
  publication: Publication,
): { names: string[]; declarations: { path: string; line: number }[]; codeEndings: string[] } {
  const dead = unreachedSymbols(facts, callsExact, publication).filter((item) => item.status === 'dead' || item.publicApi);
  const code = new Set<string>(codeLanguages());
  const endings = facts.files.map((file) => ({ file, ending: /\.[^./]+$/.exec(file.path)?.[0] }));
  const searched = endings.filter(
    ({ file, ending }) => ending !== undefined && (code.has(file.language) || TEMPLATE_ENDINGS.has(ending.toLowerCase())),
  );
  return {
    codeEndings: [...new Set(searched.map(({ ending }) => ending!))].sort(),
    names: [...new Set(dead.map((item) => item.symbol.name))].sort(),
    declarations: dead.map((item) => ({ path: item.symbol.path, line: item.symbol.startLine })),
  };
}

/** What the code says of the items called dead (SourceRepository.namesInCode), null when it could not be read. */
export interface NamesInCode {
  /** Whole-word occurrences of each name in the repository's files at the indexed commit. */
  occurrences: ReadonlyMap<string, number>;
  /** The first line of each item called dead, by `path:startLine`. */
  lines: ReadonlyMap<string, string>;
}

/** A declaration's first line that starts with a decorator or annotation (`@app.route(...)`, `@Injectable()`, `@Override`). */
const DECORATED = /^\s*@/;

/**
 * The items called dead, checked against the code itself, for the uses a graph of calls cannot
 * hold. One whose first line is a decorator or annotation is registered with what reads it (a
 * route, a command, a fixture, a property, a framework's component): a use, so not listed. One
 * whose name the repository's files hold more often than the repository declares that name is
 * named somewhere no resolved call records (handed on as a value, used as a type, registered by
 * string, reached by reflection, or only mentioned): `unknown`, never dead; so is a method of a type
 * not itself called dead once checked, which code outside the repository may call through an
 * interface it implements (Go's sort.Interface, Java's Comparable, an iterator protocol) or a base it
 * overrides (click's `_WindowsConsoleReader.readinto`, called by `io.BufferedReader`: the class is
 * named in code, so it is in use, and so may its methods be). Without the code (`code` null) nothing
 * is called dead. A library's public name nothing uses is left out when decorated (registered) or
 * named elsewhere in the code (used where no resolved call records it): only the names no code
 * uses stay listed as their clients' to call.
 */
export function checkedAgainstCode(unreached: UnreachedSymbol[], facts: HealthFacts, code: NamesInCode | null): UnreachedSymbol[] {
  const declared = new Map<string, number>();
  for (const symbol of facts.symbols) declared.set(symbol.name, (declared.get(symbol.name) ?? 0) + 1);
  const byUid = new Map(facts.symbols.map((symbol) => [symbol.uid, symbol]));
  const byCode = unreached
    .map((item) =>
      item.status === 'dead' ? checkedByName(item, declared, code) : item.publicApi ? usedInCode(item, declared, code) : item,
    )
    .filter((item) => item !== null);
  // A type's status once its name is checked (the first pass), so a method follows its class's final status.
  const deadAfterCheck = new Set(byCode.filter((item) => item.status === 'dead').map((item) => item.symbol.uid));
  return byCode.map((item) =>
    item.status === 'dead' &&
    item.symbol.kind === 'method' &&
    item.symbol.parentUid !== null &&
    byUid.has(item.symbol.parentUid) &&
    !deadAfterCheck.has(item.symbol.parentUid)
      ? {
          ...item,
          status: 'unknown',
          confidence: 'low',
          reason:
            'a method of a type in use: code outside the repository may call it through an interface or a base it overrides (sort.Interface, Comparable, io.RawIOBase, an iterator)',
        }
      : item,
  );
}

/** A library's public name nothing uses, checked against the code: null when decorated or named elsewhere (a use the graph does not hold). */
function usedInCode(item: UnreachedSymbol, declared: ReadonlyMap<string, number>, code: NamesInCode | null): UnreachedSymbol | null {
  if (code === null) return item;
  if (DECORATED.test(code.lines.get(`${item.symbol.path}:${item.symbol.startLine}`) ?? '')) return null;
  return (code.occurrences.get(item.symbol.name) ?? 0) > (declared.get(item.symbol.name) ?? 0) ? null : item;
}

/** One item called dead, checked against the code by its first line and by how often its name is written; null when decorated (registered: a use). */
function checkedByName(item: UnreachedSymbol, declared: ReadonlyMap<string, number>, code: NamesInCode | null): UnreachedSymbol | null {
  if (code === null) {
    return {
      ...item,
      status: 'unknown',
      confidence: 'low',
      reason: 'the code at the indexed commit could not be read to look for other uses',
    };
  }
  if (DECORATED.test(code.lines.get(`${item.symbol.path}:${item.symbol.startLine}`) ?? '')) return null;
  if ((code.occurrences.get(item.symbol.name) ?? 0) > (declared.get(item.symbol.name) ?? 0)) {
    return {
      ...item,
      status: 'unknown',
      confidence: 'low',
      reason: 'no resolved call reaches it, but the code names it elsewhere (a value, a type, a registration, reflection or a mention)',
    };
  }
  return item;
}

/**
 * A name the package gives its clients: exported, a member of an exported class, or re-exported by a
 * package root. Exported is the index's flag, which for a Python module with `__all__` the service has
 * set again from it (withDeclaredAll's `uses` reading): listed names are public too, underscore or not.
 */
function isPublicName(symbol: HealthSymbolRow, parent: HealthSymbolRow | undefined, reExported: Map<string, Set<string>>): boolean {
  return (
    symbol.exported ||
    (parent !== undefined && !symbol.nested && parent.exported && parent.kind !== 'function') ||
    reExported.get(symbol.path)?.has(symbol.name) === true ||
    reExported.get(symbol.path)?.has('*') === true
  );
}

/**
 * A library's top-level exported functions and classes that nothing in the repository uses: no
 * reference (a call of any confidence, a test, a base) from another symbol, no import of the name,
 * not re-exported by a package root, not in an entry file, and (Python) in a package: a script
 * beside one (examples/, docs/conf.py) is no module a client imports.
 */
function publicNamesNothingUses(facts: HealthFacts): Set<string> {
  const reExported = reExportedNames(facts);
  const packages = new Set(facts.files.filter((file) => file.path.endsWith('__init__.py')).map((file) => posix.dirname(file.path)));
  const referenced = new Set([
    ...facts.references.filter((edge) => edge.fromUid !== edge.toUid).map((edge) => edge.toUid),
    ...facts.files.flatMap((file) => file.calledAtLoad.map((call) => call.uid)),
  ]);
  const imported = new Set(facts.imports.flatMap((edge) => edge.names.map((name) => `${edge.toPath}#${name}`)));
  return new Set(
    facts.symbols
      .filter(
        (symbol) =>
          CANDIDATE_KINDS.has(symbol.kind) &&
          symbol.parentUid === null &&
          symbol.exported &&
          !symbol.inTest &&
          !ENTRY_FILE.test(symbol.path) &&
          (symbol.language !== 'python' || packages.has(posix.dirname(symbol.path))) &&
          reExported.get(symbol.path)?.has(symbol.name) !== true &&
          reExported.get(symbol.path)?.has('*') !== true &&
          !referenced.has(symbol.uid) &&
          !imported.has(`${symbol.path}#${symbol.name}`),
      )
      .map((symbol) => symbol.uid),
  );
}

function rootsOf(facts: HealthFacts, byUid: Map<string, HealthSymbolRow>): Set<string> {
  const roots = new Set<string>();
  const reExported = reExportedNames(facts);
  const interfaceMethods = new Set<string>();
  const baseMembers = new Map<string, Set<string>>();
  for (const symbol of facts.symbols) {
    const parent = symbol.parentUid === null ? undefined : byUid.get(symbol.parentUid);
    if (parent?.kind === 'interface') interfaceMethods.add(symbol.name);
    if (parent) baseMembers.set(parent.uid, (baseMembers.get(parent.uid) ?? new Set()).add(symbol.name));
  }
  const basesOf = new Map<string, string[]>();
  for (const reference of facts.references) {
    if (reference.type === 'EXTENDS' || reference.type === 'IMPLEMENTS') {
      basesOf.set(reference.fromUid, [...(basesOf.get(reference.fromUid) ?? []), reference.toUid]);
    }
  }
  for (const symbol of facts.symbols) {
    const parent = symbol.parentUid === null ? undefined : byUid.get(symbol.parentUid);
    const topLevel = parent === undefined;
    const isRoot =
      // A library's public names are its clients' to call. An application's too: calling them dead
      // called used ones dead on the frozen sets (lib2to3 fixers, PyInit_*, jsxEscape; docs/analysis.md).
      isPublicName(symbol, parent, reExported) ||
      symbol.inTest ||
      // Module-level code runs when the module loads; a body written there with no symbol around it
      // is a registration (a route handler, a listener) or runs at once.
      symbol.kind === 'module' ||
      (symbol.nested && topLevel) ||
      // So does a top-level variable's initializer (`const routes = generateRoutes(count)`).
      (symbol.kind === 'variable' && topLevel) ||
      (topLevel && ENTRY_FILE.test(symbol.path)) ||
      (symbol.kind === 'method' && (IMPLICIT_METHOD.test(symbol.name) || interfaceMethods.has(symbol.name))) ||
      (symbol.kind === 'function' && topLevel && IMPLICIT_METHOD.test(symbol.name)) ||
      (parent !== undefined && (basesOf.get(parent.uid) ?? []).some((base) => baseMembers.get(base)?.has(symbol.name)));
    if (isRoot) roots.add(symbol.uid);
  }
  return roots;
}

/** The names each file gives to a package root (index.ts, __init__.py) that imports them: its public API. */
function reExportedNames(facts: HealthFacts): Map<string, Set<string>> {
  const names = new Map<string, Set<string>>();
  for (const edge of facts.imports) {
    if (!PACKAGE_ROOT.test(edge.fromPath)) continue;
    const taken = names.get(edge.toPath) ?? new Set<string>();
    for (const name of edge.names) taken.add(name);
    names.set(edge.toPath, taken);
  }
  return names;
}

function walk(roots: ReadonlySet<string>, edgeSets: readonly Map<string, string[]>[]): Set<string> {
  const seen = new Set(roots);
  const queue = [...roots];
  while (queue.length > 0) {
    const uid = queue.pop()!;
    for (const edges of edgeSets) {
      for (const next of edges.get(uid) ?? []) {
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}
