import type ts from 'typescript';

let loaded: typeof ts | undefined;

/**
 * The TypeScript compiler, loaded on first use: it costs ~160 ms of CPU to load, which every process
 * (each CLI call, each server) paid at start, though only an index run reads code with it. Files
 * reached only through an extraction (script-extraction.ts and what it imports) import it directly:
 * they are loaded on first use themselves (typescript-extractor.ts).
 */
export function typescript(): typeof ts {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (loaded ??= require('typescript') as typeof ts);
}
