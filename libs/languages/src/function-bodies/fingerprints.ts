// Clone fingerprints of one function body, from its tokens: the same definitions for every language (docs/analysis.md).
import { hash } from 'node:crypto';
import type { BodyMetrics } from '@lore/domain';

/** Bodies of fewer tokens get no function fingerprints: a getter's copy is no clone worth a finding. */
export const MIN_BODY_TOKENS = 50;
/** Tokens per shingle of the near-miss signature. */
export const SHINGLE_TOKENS = 5;
/** MinHash values in a near-miss signature. */
export const SIGNATURE_HASHES = 64;
/** Consecutive statements of one block per block window. */
export const WINDOW_STATEMENTS = 4;
/** A window of fewer normalised tokens gets no fingerprint: four one-line assignments are no clone. */
export const MIN_WINDOW_TOKENS = 40;
/** Normalised tokens per token window: jscpd's default least duplication (minTokens). */
export const TOKEN_WINDOW = 50;
/**
 * Of each run of this many consecutive token windows the least hash is kept (winnowing): two bodies
 * sharing a run of TOKEN_WINDOW + WINNOW - 1 normalised tokens share a kept window, at about
 * 2 / (WINNOW + 1) kept windows per token.
 */
export const WINNOW = 8;

/** What normalisation writes for every identifier, and for every literal (string, number, template, regex, char, boolean-free). */
export const IDENTIFIER = '$id';
export const LITERAL = '$lit';

/** One token of a body: its text as written, its normalised text, and where it starts (offset in the file, and its line). */
export interface BodyToken {
  text: string;
  normalised: string;
  offset: number;
  line: number;
}

/** One statement of a block: where it starts and ends in the file, and its lines. */
export interface StatementSpan {
  start: number;
  end: number;
  startLine: number;
  endLine: number;
}

export type BodyFingerprints = Omit<BodyMetrics, 'cognitiveComplexity'>;

/**
 * The fingerprints of a body whose tokens (parameter list and body, in order) and blocks (each a
 * list of consecutive statements, outside nested bodies) are given.
 */
export function fingerprintsOf(tokens: readonly BodyToken[], blocks: readonly (readonly StatementSpan[])[]): BodyFingerprints {
  const bodyTokenCount = tokens.length;
  if (bodyTokenCount < MIN_BODY_TOKENS) {
    return { bodyTokenCount, exactFingerprint: null, renamedFingerprint: null, nearMissSignature: null, blockFingerprints: null };
  }
  const normalised = tokens.map((token) => token.normalised);
  const windows: string[] = [];
  for (const block of blocks) {
    for (let first = 0; first + WINDOW_STATEMENTS <= block.length; first++) {
      const from = block[first]!;
      const to = block[first + WINDOW_STATEMENTS - 1]!;
      const begin = firstTokenAt(tokens, from.start);
      const end = firstTokenAt(tokens, to.end);
      if (end - begin < MIN_WINDOW_TOKENS) continue;
      windows.push(`${digest(normalised.slice(begin, end))}:${from.startLine}-${to.endLine}`);
    }
  }
  windows.push(...tokenWindows(tokens));
  return {
    bodyTokenCount,
    exactFingerprint: digest(tokens.map((token) => token.text)),
    renamedFingerprint: digest(normalised),
    nearMissSignature: minHash(normalised),
    blockFingerprints: windows.length > 0 ? windows : null,
  };
}

/**
 * The window fingerprints of a declaration that is no function body (an interface, a type alias, an
 * enum, an exported variable's initializer): token windows only, null when it has none.
 */
export function declarationFingerprints(tokens: readonly BodyToken[]): string[] | null {
  const windows = tokenWindows(tokens);
  return windows.length > 0 ? windows : null;
}

/** `"<hash>:<startLine>-<endLine>"` of each token window winnowing keeps, the hash as renamedFingerprint's over its tokens. */
function tokenWindows(tokens: readonly BodyToken[]): string[] {
  const normalised = tokens.map((token) => token.normalised);
  return winnowed(normalised).map(
    (first) => `${digest(normalised.slice(first, first + TOKEN_WINDOW))}:${tokens[first]!.line}-${tokens[first + TOKEN_WINDOW - 1]!.line}`,
  );
}

/** Base of the rolling hash of a token window (odd, so multiplying by it loses no bits mod 2^32). */
const ROLLING_BASE = 0x01000193;

/**
 * The first token of each window of TOKEN_WINDOW normalised tokens that winnowing keeps: of every
 * WINNOW consecutive windows the one of least rolling hash (the last of equal ones), each kept once.
 */
function winnowed(normalised: readonly string[]): number[] {
  const count = normalised.length - TOKEN_WINDOW + 1;
  if (count <= 0) return [];
  const tokenHashes = normalised.map(fnv1a);
  let highest = 1;
  for (let i = 1; i < TOKEN_WINDOW; i++) highest = Math.imul(highest, ROLLING_BASE);
  const hashes = new Array<number>(count);
  let rolling = 0;
  for (let i = 0; i < normalised.length; i++) {
    if (i >= TOKEN_WINDOW) rolling = (rolling - Math.imul(tokenHashes[i - TOKEN_WINDOW]!, highest)) | 0;
    rolling = (Math.imul(rolling, ROLLING_BASE) + tokenHashes[i]!) | 0;
    if (i >= TOKEN_WINDOW - 1) hashes[i - TOKEN_WINDOW + 1] = rolling >>> 0;
  }
  const kept: number[] = [];
  for (let start = 0; start + Math.min(WINNOW, count) <= count; start++) {
    let least = start;
    for (let i = start + 1; i < Math.min(start + WINNOW, count); i++) if (hashes[i]! <= hashes[least]!) least = i;
    if (kept.at(-1) !== least) kept.push(least);
  }
  return kept;
}

/** The index of the first token at or after `offset` (tokens are in file order). */
function firstTokenAt(tokens: readonly BodyToken[], offset: number): number {
  let low = 0;
  let high = tokens.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (tokens[middle]!.offset < offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** 16 hex digits of the SHA-1 of the tokens, one separator between them. */
function digest(texts: readonly string[]): string {
  return hash('sha1', texts.join('\u0001'), 'hex').slice(0, 16);
}

/** 32-bit FNV-1a of a string. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** MurmurHash3's finaliser: spreads every input bit over the output. */
function fmix32(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** One seed per MinHash value: hash i of a shingle is fmix32(shingle ^ seed i). */
const SEEDS = Array.from({ length: SIGNATURE_HASHES }, (_, i) => fmix32(Math.imul(i + 1, 0x9e3779b9)));

/** For each of SIGNATURE_HASHES hash functions, the least 31-bit value over the body's shingles. */
function minHash(normalised: readonly string[]): number[] {
  const tokenHashes = normalised.map(fnv1a);
  const signature = new Array<number>(SIGNATURE_HASHES).fill(0x7fffffff);
  const shingles = Math.max(1, tokenHashes.length - SHINGLE_TOKENS + 1);
  for (let first = 0; first < shingles; first++) {
    let shingle = 0x811c9dc5;
    for (let i = first; i < Math.min(first + SHINGLE_TOKENS, tokenHashes.length); i++)
      shingle = Math.imul(shingle ^ tokenHashes[i]!, 16777619);
    for (let i = 0; i < SIGNATURE_HASHES; i++) {
      const value = fmix32((shingle ^ SEEDS[i]!) >>> 0) & 0x7fffffff;
      if (value < signature[i]!) signature[i] = value;
    }
  }
  return signature;
}

/** The estimated share of shingles two bodies have in common: the share of equal signature positions. */
export function signatureSimilarity(a: readonly number[], b: readonly number[]): number {
  let equal = 0;
  for (let i = 0; i < a.length; i++) if (a[i] === b[i]) equal++;
  return equal / a.length;
}
