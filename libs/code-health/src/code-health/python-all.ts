import type { HealthFacts, HealthSymbolRow } from '@lore/graph';

/**
 * Python's `__all__`: a module that declares it publishes exactly the names it lists. The index
 * marks a Python name exported by the underscore rule alone, so `__all__` is read here, at analysis
 * time, from the text of the modules that name it, and the symbols' exported flags are set again from
 * it: the API surface, the public doc comments and dead code's public names then all honour it.
 */

/** The word whose modules are read: the service asks the code for the Python files that hold it. */
export const ALL_NAME = '__all__';

/** A write to `__all__` at the start of a line: an assignment (annotated or not), `+=`, or a list method. */
const ALL_WRITE = /^([ \t]*)__all__[ \t]*(?:(:[^=\n]*)?(\+?=)(?!=)|\.(?:append|extend|insert|remove|pop|clear)\b)/gm;
const STRING_PREFIX = /^[rRuU]?(['"])/;
const DUNDER = /^__\w+__$/;

/**
 * The names a module's `__all__` lists, when every write to it is a module-level `__all__ = [...]`,
 * `__all__: list[str] = (...)` or `__all__ += [...]` of string literals. Null when the module never
 * assigns it (the underscore rule stands), and null too when a write cannot be read without running
 * the code (a list built from another module's `__all__`, `__all__.extend(...)`, an assignment under
 * an `if` or in a function): then the index's underscore rule is kept rather than a guessed list.
 */
export function declaredAll(text: string): ReadonlySet<string> | null {
  let names: Set<string> | null = null;
  for (const write of text.matchAll(ALL_WRITE)) {
    const [whole, indent, , operator] = write;
    if (indent !== '' || operator === undefined) return null;
    const listed = stringList(text, write.index + whole.length);
    if (listed === null) return null;
    if (operator === '=' || names === null) names = new Set();
    for (const name of listed) names.add(name);
  }
  return names;
}

/**
 * A list or tuple of string literals starting at `from` (spaces first), with comments and line
 * breaks between items, and nothing but a comment after it on its closing line; null otherwise.
 */
function stringList(text: string, from: number): string[] | null {
  let at = skipSpace(text, from, false);
  const close = text[at] === '[' ? ']' : text[at] === '(' ? ')' : null;
  if (close === null) return null;
  const names: string[] = [];
  at = skipSpace(text, at + 1, true);
  while (text[at] !== close) {
    const quote = STRING_PREFIX.exec(text.slice(at, at + 2));
    if (quote === null) return null;
    const start = at + quote[0].length;
    const end = text.indexOf(quote[1]!, start);
    // An escape or a line break inside the literal: not a plain name.
    if (end === -1 || /[\\\n]/.test(text.slice(start, end))) return null;
    names.push(text.slice(start, end));
    at = skipSpace(text, end + 1, true);
    if (text[at] === ',') at = skipSpace(text, at + 1, true);
    else if (text[at] !== close) return null;
  }
  const rest = skipSpace(text, at + 1, false);
  return rest >= text.length || text[rest] === '\n' || text[rest] === '\r' ? names : null;
}

/** Past spaces and tabs, a comment, and (inside brackets) line breaks. */
function skipSpace(text: string, from: number, acrossLines: boolean): number {
  let at = from;
  for (;;) {
    const char = text[at];
    if (char === ' ' || char === '\t' || (acrossLines && (char === '\n' || char === '\r'))) at++;
    else if (char === '#') {
      const end = text.indexOf('\n', at);
      if (end === -1 || !acrossLines) return end === -1 ? text.length : end;
      at = end;
    } else if (char === '\\' && text[at + 1] === '\n') at += 2;
    else return at;
  }
}

/**
 * The facts with each Python symbol's exported flag read again in the modules whose `__all__` is
 * read (`modules`: their text by path): a top-level name is public when listed, underscore or not;
 * a class member when its class is public and the member is by the index's rule (no leading
 * underscore, or a dunder method). Other languages and modules keep the index's flag.
 *
 * `reading`: `api` (the API surface, public doc comments) takes the list as the module's public
 * names; `uses` (dead code) only adds to the index's: a name left out of `__all__` is still
 * importable and a framework may register it by subclassing (netbox's
 * `OpenApiSerializerExtension`s, measured: four used names called dead otherwise).
 */
export function withDeclaredAll(facts: HealthFacts, modules: ReadonlyMap<string, string>, reading: 'api' | 'uses'): HealthFacts {
  const lists = new Map<string, ReadonlySet<string>>();
  for (const file of facts.files) {
    const text = file.language === 'python' ? modules.get(file.path) : undefined;
    const names = text === undefined ? null : declaredAll(text);
    if (names !== null) lists.set(file.path, names);
  }
  if (lists.size === 0) return facts;
  const byUid = new Map(facts.symbols.map((symbol) => [symbol.uid, symbol]));
  const decided = new Map<string, boolean>();
  const exported = (symbol: HealthSymbolRow): boolean => {
    const names = lists.get(symbol.path);
    if (symbol.language !== 'python' || names === undefined || symbol.kind === 'module') return symbol.exported;
    const known = decided.get(symbol.uid);
    if (known !== undefined) return known;
    const parent = symbol.parentUid === null ? undefined : byUid.get(symbol.parentUid);
    const decision =
      parent === undefined
        ? names.has(symbol.name)
        : parent.kind === 'class' &&
          exported(parent) &&
          (!symbol.name.startsWith('_') || (symbol.kind === 'method' && DUNDER.test(symbol.name)));
    decided.set(symbol.uid, decision);
    return decision;
  };
  return {
    ...facts,
    symbols: facts.symbols.map((symbol) => ({ ...symbol, exported: exported(symbol) || (reading === 'uses' && symbol.exported) })),
  };
}
