import type { Adoption, ApiSymbol, BaselineApiSymbol, ModuleAdoption } from '@lore/domain/schemas/api-adoption';
import type { HealthSymbolRow } from '@lore/graph';
import { closingParenthesis, splitTopLevel } from '@lore/indexer';

/**
 * Type-annotation and doc-comment adoption, and the public API inventory, read from the indexed
 * symbols' signatures (the declaration header as written), doc comments and exported flags: the
 * graph keeps no parameter list of its own, so the signature text is parsed here.
 *
 * Which languages count what:
 * - typing (parameters and returns): TypeScript and Python only, the languages whose annotations are
 *   optional. A TypeScript parameter typed by inference (`(a = 1)`, a callback's contextual type) has no
 *   annotation and counts as untyped; `this` parameters and constructors' returns are not counted.
 *   Python's `self`/`cls` (a method's first parameter of that name) and the bare `*` and `/` markers
 *   are not counted. JavaScript has no annotation syntax, and the statically typed languages (Java,
 *   Go, C#, Kotlin...) declare every type, so none of them is counted rather than scored 0 or 1000.
 *   Nested bodies (callbacks, lambdas, inner functions) are left out: a lambda cannot be annotated.
 * - docstrings: every language whose indexer records doc comments (all of Lore's).
 * - API surface: the symbols the indexer marks exported, which is each language's own rule (TypeScript
 *   and JavaScript `export`, Python a module-level name without a leading underscore and the public
 *   members of a public class, or what a module's `__all__` lists (python-all.ts sets the flag again
 *   from it before analysis), Java and C# `public`, Go a capitalised name).
 */

const TYPED_LANGUAGES = new Set(['typescript', 'python']);
const BODY_KINDS = new Set(['function', 'method']);
const DOCUMENTED_KINDS = new Set(['function', 'method', 'class']);
const NOT_API_KINDS = new Set(['module', 'test']);

interface Parameters {
  /** Each parameter's text as written, trimmed. */
  parameters: string[];
  /** What follows the closing parenthesis (the return annotation, `=>`). */
  after: string;
}

/**
 * Production functions and methods declared by name, with a body: what typing counts. One without a
 * body (an interface member, an abstract method, a `.d.ts` declaration) is a type, which must be written out.
 */
function counted(symbol: HealthSymbolRow): boolean {
  return BODY_KINDS.has(symbol.kind) && !symbol.inTest && !symbol.nested && symbol.bodyTokenCount !== null;
}

/** What one symbol adds to the typing counts; null when typing does not count it. */
interface SymbolTyping {
  parameters: { with: number; total: number };
  /** null: no return counted (a TypeScript constructor). */
  returnTyped: boolean | null;
  /** Parameters and the return declared `Any` / `any`. */
  anyAnnotations: number;
}

function typingOf(symbol: HealthSymbolRow): SymbolTyping | null {
  if (!counted(symbol) || !TYPED_LANGUAGES.has(symbol.language) || symbol.signature === null) return null;
  const python = symbol.language === 'python';
  const list = parameterList(symbol.signature, python);
  // A signature cut short by the indexer's length cap has no closing parenthesis: not read, not guessed.
  if (list === null) return null;
  const own = python ? pythonParameters(list.parameters, symbol.kind === 'method') : typescriptParameters(list.parameters);
  const annotations = own.map((parameter) => annotationOf(parameter, python)).filter((annotation) => annotation !== null);
  const returnType = python ? /^\s*->\s*([^:]+)/.exec(list.after)?.[1] : /^\s*:\s*([^{=]+)/.exec(list.after)?.[1];
  const returnTyped = !python && symbol.name === 'constructor' ? null : returnType !== undefined;
  const declared = returnTyped && returnType !== undefined ? [...annotations, returnType] : annotations;
  return {
    parameters: { with: annotations.length, total: own.length },
    returnTyped,
    anyAnnotations: declared.filter((annotation) => (python ? PYTHON_ANY : TYPESCRIPT_ANY).test(annotation.trim())).length,
  };
}

const PYTHON_ANY = /^(?:typing\.)?Any$/;
const TYPESCRIPT_ANY = /^any$/;

/** A public production function, method or class: what docstring adoption counts. */
function publicDocumented(symbol: HealthSymbolRow): boolean {
  return DOCUMENTED_KINDS.has(symbol.kind) && symbol.exported && !symbol.inTest && !symbol.nested;
}

export function adoptionOf(symbols: readonly HealthSymbolRow[]): Adoption {
  const parameters = { with: 0, total: 0 };
  const returns = { with: 0, total: 0 };
  for (const typing of symbols.map(typingOf)) {
    if (typing === null) continue;
    parameters.total += typing.parameters.total;
    parameters.with += typing.parameters.with;
    if (typing.returnTyped === null) continue;
    returns.total += 1;
    if (typing.returnTyped) returns.with += 1;
  }
  const publicOnes = symbols.filter(publicDocumented);
  const public_symbols = { with: publicOnes.filter((symbol) => symbol.documented).length, total: publicOnes.length };
  return {
    typing_param_permille: permille(parameters),
    typing_return_permille: permille(returns),
    docstring_permille: permille(public_symbols),
    parameters,
    returns,
    public_symbols,
  };
}

/** Adoption per module (metrics_detail family coverage_adoption): every module with a callable typing counts or a public symbol, by path. */
export function adoptionByModule(symbols: readonly HealthSymbolRow[]): ModuleAdoption[] {
  const counts = new Map<string, ModuleCounts>();
  const countsOf = (path: string): ModuleCounts => {
    let module = counts.get(path);
    if (!module) counts.set(path, (module = { callables: 0, parameters: part(), returns: part(), any: 0, publicSymbols: part() }));
    return module;
  };
  for (const symbol of symbols) {
    const typing = typingOf(symbol);
    if (typing !== null) {
      const module = countsOf(symbol.path);
      module.callables += 1;
      module.parameters.with += typing.parameters.with;
      module.parameters.total += typing.parameters.total;
      module.any += typing.anyAnnotations;
      if (typing.returnTyped !== null) {
        module.returns.total += 1;
        if (typing.returnTyped) module.returns.with += 1;
      }
    }
    if (publicDocumented(symbol)) {
      const module = countsOf(symbol.path);
      module.publicSymbols.total += 1;
      if (symbol.documented) module.publicSymbols.with += 1;
    }
  }
  return [...counts]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, module]) => ({
      path,
      callable_count: module.callables,
      params_total: module.parameters.total,
      params_annotated: module.parameters.with,
      param_permille: permille(module.parameters),
      returns_total: module.returns.total,
      returns_annotated: module.returns.with,
      return_permille: permille(module.returns),
      any_annotation_count: module.any,
      public_symbol_total: module.publicSymbols.total,
      public_symbol_documented: module.publicSymbols.with,
      docstring_permille: permille(module.publicSymbols),
    }));
}

interface ModuleCounts {
  callables: number;
  parameters: { with: number; total: number };
  returns: { with: number; total: number };
  any: number;
  publicSymbols: { with: number; total: number };
}

function part(): { with: number; total: number } {
  return { with: 0, total: 0 };
}

/** The public API: every exported production symbol (modules and tests aside), by path and line. */
export function apiSurfaceOf(symbols: readonly HealthSymbolRow[]): ApiSymbol[] {
  return symbols
    .filter((symbol) => symbol.exported && !symbol.inTest && !symbol.nested && !NOT_API_KINDS.has(symbol.kind))
    .map((symbol) => ({
      path: symbol.path,
      line: symbol.startLine,
      symbol: symbol.qualifiedName,
      kind: symbol.kind,
      signature: symbol.signature === null ? null : symbol.signature.replace(/\s+/g, ' ').trim(),
    }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line || (a.symbol < b.symbol ? -1 : 1)));
}

/**
 * Against a baseline's API: the public symbols removed or declared with another signature
 * (breaking), and those it did not have (added). A symbol is its path and qualified name; overloads
 * sharing one are compared as their set of signatures.
 */
export function apiChanges(
  baseline: readonly BaselineApiSymbol[],
  current: readonly BaselineApiSymbol[],
): { breaking: number; added: number } {
  const before = signaturesByName(baseline);
  const after = signaturesByName(current);
  let breaking = 0;
  for (const [name, signatures] of before) if (after.get(name) !== signatures) breaking += 1;
  const added = [...after.keys()].filter((name) => !before.has(name)).length;
  return { breaking, added };
}

function signaturesByName(symbols: readonly BaselineApiSymbol[]): Map<string, string> {
  const grouped = new Map<string, string[]>();
  for (const symbol of symbols) {
    const name = `${symbol.path}#${symbol.symbol}`;
    grouped.set(name, [...(grouped.get(name) ?? []), `${symbol.kind} ${symbol.signature ?? ''}`]);
  }
  return new Map([...grouped].map(([name, signatures]) => [name, signatures.sort().join('\n')]));
}

/**
 * The parameters of a declaration header: the first parenthesis outside type arguments, split at its
 * top-level commas. A TypeScript arrow with one bare parameter (`x => ...`) has no parenthesis: that
 * parameter, untyped. Null when the list does not close (the header was cut short).
 */
export function parameterList(signature: string, python: boolean): Parameters | null {
  let angle = 0;
  let open = -1;
  for (let index = 0; index < signature.length; index++) {
    const char = signature[index];
    if (!python && char === '<') angle++;
    else if (!python && char === '>' && signature[index - 1] !== '=') angle = Math.max(0, angle - 1);
    else if (char === '(' && angle === 0) {
      open = index;
      break;
    }
  }
  if (open === -1) {
    const bare = python ? null : /=\s*(?:async\s+)?([A-Za-z_$][\w$]*)\s*=>/.exec(signature);
    return bare ? { parameters: [bare[1]!], after: '' } : null;
  }
  const close = closingParenthesis(signature, open);
  if (close < 0) return null;
  return {
    parameters: splitTopLevel(signature.slice(open + 1, close), !python).map((parameter) => parameter.trim()),
    after: signature.slice(close + 1),
  };
}

/** TypeScript parameters that are parameters: decorators and modifiers stripped, `this` left out. */
function typescriptParameters(parameters: readonly string[]): string[] {
  return parameters
    .map((parameter) =>
      parameter
        .replace(/^(?:@[\w$.]+(?:\([^)]*\))?\s*)+/, '')
        .replace(/^(?:(?:public|private|protected|readonly|override)\s+)+/, '')
        .replace(/^\.\.\./, ''),
    )
    .filter((parameter) => !/^this\s*[:?]/.test(parameter) && parameter !== 'this');
}

/** Python parameters that are parameters: `self`/`cls` of a method and the `*` and `/` markers left out. */
function pythonParameters(parameters: readonly string[], method: boolean): string[] {
  const own = parameters
    .filter((parameter) => parameter !== '*' && parameter !== '/')
    .map((parameter) => parameter.replace(/^\*{1,2}/, ''));
  return method && own.length > 0 && /^(self|cls)\b\s*(?::|$)/.test(own[0]!) ? own.slice(1) : own;
}

/** The annotation after a colon at the parameter's top level before any default (`a: int = 1`, `{ a }: Props`, `b?: string`); null for none. */
function annotationOf(parameter: string, python: boolean): string | null {
  let depth = 0;
  for (let index = 0; index < parameter.length; index++) {
    const char = parameter[index]!;
    if ('([{'.includes(char) || (!python && char === '<')) depth++;
    else if (')]}'.includes(char) || (!python && char === '>' && parameter[index - 1] !== '=')) depth = Math.max(0, depth - 1);
    else if (depth === 0 && char === '=') return null;
    else if (depth === 0 && char === ':')
      return parameter
        .slice(index + 1)
        .split(/=(?!>)/)[0]!
        .trim();
  }
  return null;
}

function permille({ with: part, total }: { with: number; total: number }): number | null {
  return total === 0 ? null : Math.round((1000 * part) / total);
}
