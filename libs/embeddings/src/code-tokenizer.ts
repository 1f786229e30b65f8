/**
 * Code-aware tokenisation for the hashing embedder. Source text names things with identifiers
 * (`placeOrder`, `order_validator`, `HTTPServer`), questions name them with words ("place order"):
 * splitting identifiers into lower-case sub-words puts both on the same features.
 */

/** Identifier-ish runs: letters, digits, `_` and `$`, with single inner hyphens for kebab-case names. */
const IDENTIFIER = /[\p{L}\p{M}\p{N}_$]+(?:-[\p{L}\p{M}\p{N}_$]+)*/gu;
/** Separators inside one identifier: snake_case, kebab-case, `$`. */
const SEPARATORS = /[_\-$]+/;
/**
 * Parts of one separator-free piece, in order of preference: an acronym before a capitalised word
 * (`HTTP` in `HTTPServer`), a capitalised or lower-case word, a trailing acronym (`ID` in `userID`),
 * a run of digits (`256` in `sha256`), any other letters (scripts without case).
 */
const CASE_PARTS = /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?[\p{Ll}\p{M}]+|\p{Lu}+|\p{N}+|[\p{L}\p{M}]+/gu;

/**
 * Dropped as words: English glue and the declaration keywords found in almost every chunk, which
 * would otherwise make unrelated code look alike. Kept short on purpose: domain words must survive.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'by',
  'for',
  'from',
  'if',
  'in',
  'is',
  'it',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
  'const',
  'let',
  'var',
  'def',
  'fn',
  'func',
  'function',
  'return',
  'self',
  'this',
  'new',
  'void',
  'public',
  'private',
  'protected',
  'static',
  'import',
  'export',
]);

/** Splits one identifier into lower-case parts: `getHTTPResponse_v2` → get, http, response, v, 2. */
export function splitIdentifier(identifier: string): string[] {
  const parts: string[] = [];
  for (const piece of identifier.split(SEPARATORS)) {
    for (const match of piece.matchAll(CASE_PARTS)) parts.push(match[0].toLowerCase());
  }
  return parts;
}

export interface CodeTokens {
  /** Sub-words in text order, stop words and one-character parts removed: `placeOrder()` → place, order. */
  readonly words: string[];
  /**
   * Each multi-part identifier once more as one word, its parts joined: `place_order`, `placeOrder`
   * and `PlaceOrder` all give `placeorder`, so the same name matches across naming conventions.
   */
  readonly identifiers: string[];
}

export function tokenizeCode(text: string): CodeTokens {
  const words: string[] = [];
  const identifiers: string[] = [];
  for (const match of text.matchAll(IDENTIFIER)) {
    const parts = splitIdentifier(match[0]);
    if (parts.length > 1) identifiers.push(parts.join(''));
    for (const part of parts) {
      if (part.length > 1 && !STOP_WORDS.has(part)) words.push(part);
    }
  }
  return { words, identifiers };
}
