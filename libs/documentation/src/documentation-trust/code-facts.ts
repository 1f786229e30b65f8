import { closingParenthesis, type HeaderSyntax, knownLanguage, splitTopLevel } from '@lore/indexer';

/**
 * What a declaration's own text says about it: its parameters (names, optional, defaults), modifiers
 * and declared return type, and a constant's initializer. Read from the code span, since the graph
 * keeps a declaration's header as text; null wherever the text is not a shape read with certainty,
 * so a claim about it stays unknown instead of being settled by a guess.
 */
export interface Parameter {
  /** null for a destructured parameter or a Go parameter given by its type alone. */
  name: string | null;
  optional: boolean;
  defaultValue: string | null;
  rest: boolean;
}

export interface DeclarationHeader {
  /** The words before the name: async, static, public, private, protected, abstract, export... */
  modifiers: string[];
  parameters: Parameter[];
  /** The declared return type as written, or null when none is declared. */
  returnType: string | null;
  /** Line of the span (0-based) on which the parameter list opens. */
  line: number;
}

const MODIFIERS = new Set([
  'async',
  'static',
  'public',
  'private',
  'protected',
  'abstract',
  'export',
  'default',
  'readonly',
  'override',
  'final',
  'synchronized',
  'def',
  'function',
  'func',
  'get',
  'set',
  'declare',
  'const',
  'let',
  'var',
]);
const OPENERS: Record<string, string> = { '(': ')', '[': ']', '{': '}', '<': '>' };
const CLOSERS = new Set(Object.values(OPENERS));

/** The header of the function or method `name` whose declaration the span begins with. */
export function declarationHeader(spanText: string, name: string, language: string): DeclarationHeader | null {
  const text = withoutComments(spanText);
  // A language Lore does not extract is read as a script's header.
  const syntax = knownLanguage(language)?.definition.headerSyntax ?? 'script';
  const nameAt = findWord(text, name);
  if (nameAt < 0) return null;
  let open = nameAt + name.length;
  // Between the name and its parameter list: a `?`, type parameters, or `= async` of an arrow function.
  const between = /^\s*\??\s*(?:<[^()]*>)?\s*(?::[^=()]*)?(?:=\s*(?:async\s*)?(?:function\s*)?(?:<[^()]*>)?\s*)?\(/.exec(text.slice(open));
  if (!between) return null;
  open += between[0].length - 1;
  const close = closingParenthesis(text, open);
  if (close < 0) return null;
  const prefix = text.slice(text.lastIndexOf('\n', nameAt) + 1, nameAt);
  const prefixWords = prefix.split(/[^\w$#@]+/).filter(Boolean);
  const arrowModifiers = /=\s*async\b/.test(text.slice(nameAt, open)) ? ['async'] : [];
  const modifiers = [...prefixWords.filter((word) => MODIFIERS.has(word)), ...arrowModifiers];
  if (name.startsWith('#')) modifiers.push('private');
  const parameters = splitTopLevel(text.slice(open + 1, close), syntax !== 'python')
    .map((part) => parameterOf(part, syntax))
    .filter((parameter): parameter is Parameter => parameter !== null);
  return {
    modifiers,
    parameters,
    returnType: returnTypeOf(text, close, prefixWords, syntax),
    line: text.slice(0, open).split('\n').length - 1,
  };
}

/** The initializer of `name` in the span (`name = value`, `name: value`), as written; null when none is found. */
export function initializerOf(spanText: string, name: string): { value: string; line: number } | null {
  const text = withoutComments(spanText);
  const pattern = new RegExp(`(?:^|[^\\w$.])${escapeRegExp(name)}\\s*(?::\\s*[^=\\n]+?)?\\s*[=:]\\s*(?![=>])`, 'g');
  const found = pattern.exec(text);
  if (!found) return null;
  const start = found.index + found[0].length;
  const rest = text.slice(start);
  let end = 0;
  let depth = 0;
  for (; end < rest.length; end++) {
    const char = rest[end]!;
    if (char === '"' || char === "'" || char === '`') {
      const closing = rest.indexOf(char, end + 1);
      if (closing < 0) break;
      end = closing;
      continue;
    }
    if ('([{'.includes(char)) depth++;
    else if (')]}'.includes(char)) {
      if (depth === 0) break;
      depth--;
    } else if (depth === 0 && (char === ';' || char === ',' || char === '\n')) break;
  }
  const value = rest.slice(0, end).trim();
  return value === '' ? null : { value, line: text.slice(0, start).split('\n').length - 1 };
}

/** A literal value as a comparable string (quotes and numeric separators removed), or null for an expression. */
export function literalValue(text: string): string | null {
  const value = text.trim().replace(/\s+as\s+const$/, '');
  const quoted = /^(["'`])([^"'`]*)\1$/.exec(value);
  if (quoted) return quoted[2]!;
  if (/^-?\d[\d_]*(?:\.\d+)?(?:e\d+)?n?$/i.test(value)) return String(Number(value.replace(/_/g, '').replace(/n$/, '')));
  if (/^(?:true|false|null|undefined|none)$/i.test(value)) return value.toLowerCase() === 'none' ? 'null' : value.toLowerCase();
  return null;
}

/** A value as a claim states it ("5,000", "'utf8'", "true"), comparable with literalValue's. */
export function claimedValue(text: string): string {
  const value = text.trim().replace(/[.;]$/, '');
  if (/^-?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(value)) return String(Number(value.replace(/,/g, '')));
  return literalValue(value) ?? value;
}

/** Two type texts compared without spaces and a leading article. */
export function sameType(declared: string, claimed: string): boolean {
  return compactType(declared) === compactType(claimed);
}

/** The type a Promise (or Python Awaitable/Coroutine) resolves to, or null when the type is none of those. */
export function awaitedType(type: string): string | null {
  const match = /^(?:Promise|PromiseLike|Awaitable|Coroutine\[[^,]*,[^,]*,)\s*[<[](.*)[>\]]$/.exec(compactType(type));
  return match ? match[1]! : null;
}

export function compactType(type: string): string {
  return type
    .trim()
    .replace(/^(?:an?|the)\s+/i, '')
    .replace(/\s+/g, '');
}

/** The line (0-based) of the first whole-word occurrence of `word` in `text`, or -1. */
export function lineOfWord(text: string, word: string): number {
  const at = findWord(text, word);
  return at < 0 ? -1 : text.slice(0, at).split('\n').length - 1;
}

/** The 0-based lines of `text` that contain `literal` as written. */
export function linesContaining(text: string, literal: string): number[] {
  const lines: number[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.includes(literal)) lines.push(index);
  });
  return lines;
}

export function findWord(text: string, word: string): number {
  const pattern = new RegExp(`(?<![\\w$#])${escapeRegExp(word)}(?![\\w$])`);
  const match = pattern.exec(text);
  return match ? match.index : -1;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function parameterOf(part: string, syntax: HeaderSyntax): Parameter | null {
  let text = part.trim().replace(/^(?:@\w+(?:\([^)]*\))?\s+)+/, '');
  if (text === '' || text === '*' || text === '/') return null;
  const [declared, defaultValue] = splitDefault(text);
  text = declared.trim();
  if (syntax === 'python') {
    const rest = /^\*{1,2}/.test(text);
    const name = text
      .replace(/^\*{1,2}/, '')
      .split(':')[0]!
      .trim();
    if (name === 'self' || name === 'cls') return null;
    return { name, optional: defaultValue !== null, defaultValue, rest };
  }
  if (syntax === 'type-first') {
    const words = text.replace(/<[^>]*>/g, '').split(/\s+/);
    return { name: words[words.length - 1]!.replace(/[^\w$]/g, ''), optional: false, defaultValue: null, rest: text.includes('...') };
  }
  if (syntax === 'go') {
    const words = text.split(/\s+/);
    return { name: words.length > 1 ? words[0]! : null, optional: false, defaultValue: null, rest: text.includes('...') };
  }
  // PHP's `Type $name`, `...$rest`, `&$ref` (its header is otherwise a script's: the result after a colon).
  const phpVariable = /(\.\.\.)?&?(\$[A-Za-z_]\w*)$/.exec(text);
  if (phpVariable) return { name: phpVariable[2]!, optional: defaultValue !== null, defaultValue, rest: phpVariable[1] !== undefined };
  text = text.replace(/^(?:(?:public|private|protected|readonly|override)\s+)+/, '');
  const rest = text.startsWith('...');
  text = text.replace(/^\.\.\./, '');
  const named = /^([A-Za-z_$][\w$]*)\s*(\?)?/.exec(text);
  if (named && named[1] === 'this') return null;
  return {
    name: named ? named[1]! : null,
    optional: named?.[2] === '?' || defaultValue !== null,
    defaultValue,
    rest,
  };
}

/** A parameter's text and its default (`= value` at the top level), or null. */
function splitDefault(text: string): [string, string | null] {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '"' || char === "'" || char === '`') {
      const closing = text.indexOf(char, i + 1);
      if (closing < 0) break;
      i = closing;
    } else if (char in OPENERS) depth++;
    else if (CLOSERS.has(char) && !(char === '>' && text[i - 1] === '=')) depth--;
    else if (depth === 0 && char === '=' && text[i + 1] !== '>' && text[i + 1] !== '=' && text[i - 1] !== '=' && text[i - 1] !== '!') {
      return [text.slice(0, i), text.slice(i + 1).trim()];
    }
  }
  return [text, null];
}

function returnTypeOf(text: string, close: number, prefixWords: string[], syntax: HeaderSyntax): string | null {
  const after = text.slice(close + 1);
  if (syntax === 'python') return /^\s*->\s*([^:]+):/.exec(after)?.[1]?.trim() ?? null;
  if (syntax === 'type-first') {
    const words = prefixWords.filter((word) => !MODIFIERS.has(word) && !word.startsWith('@'));
    return words.length > 0 ? words[words.length - 1]! : null;
  }
  if (syntax === 'go') {
    const result = /^\s*([^{\n]*?)\s*\{/.exec(after)?.[1]?.trim();
    return result ? result : null;
  }
  const colon = /^\s*:\s*/.exec(after);
  if (!colon) return null;
  const start = colon[0].length;
  let depth = 0;
  for (let i = start; i < after.length; i++) {
    const char = after[i]!;
    if (char === '=' && after[i + 1] === '>' && depth === 0) return after.slice(start, i).trim() || null;
    if (char === '=' && after[i + 1] === '>') {
      i++;
      continue;
    }
    if (char in OPENERS) {
      if (char === '{' && depth === 0) return after.slice(start, i).trim() || null;
      depth++;
    } else if (CLOSERS.has(char)) depth--;
    else if (depth === 0 && (char === ';' || char === '\n')) return after.slice(start, i).trim() || null;
  }
  return after.slice(start).trim() || null;
}

/** Comments blanked out, line breaks kept, so offsets and line numbers stay those of the span. */
function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:"'])\/\/[^\n]*/g, (comment, before: string) => before + ' '.repeat(comment.length - before.length));
}
