/**
 * What a symbol's chunk is embedded from, varied for bench/retrieval.ts `--chunk-text <variant>`
 * (issue 38, item 3): each variant rewrites the text buildChunks made, before anything is embedded, so
 * the same index is measured with another text and nothing else changed. What a measurement keeps
 * goes into libs/indexer/src/chunks.ts itself; this file only measures.
 */
import { hash } from 'node:crypto';
import type { ChunkRow, SymbolRow } from '@lore/domain';
import * as chunks from '../libs/indexer/src/chunks';
import { identifierWords } from '../libs/indexer/src/identifiers';

/** Words of a path: directories and file name, extension dropped, split like identifiers. */
function pathWords(path: string): string {
  return identifierWords(path.replace(/\.[a-z0-9]+$/i, '').replace(/[/.\-]+/g, ' ')).join(' ');
}

/** Each variant: the symbol chunk's new text from the symbol and the text buildChunks made (first line `kind qualifiedName`, then the path). */
const VARIANTS: Record<string, (symbol: SymbolRow, text: string) => string> = {
  /** The name's words on a line after the first: `parseBody` → "parse body". */
  words: (symbol, text) => insertAfterFirstLine(text, symbol.nameTokens),
  /** The path as words instead of as a path. */
  'path-words': (symbol, text) => text.replace(`\n${symbol.path}\n`, `\n${pathWords(symbol.path)}\n`),
  /** Both. */
  'words+path-words': (symbol, text) =>
    insertAfterFirstLine(text.replace(`\n${symbol.path}\n`, `\n${pathWords(symbol.path)}\n`), symbol.nameTokens),
};

function insertAfterFirstLine(text: string, line: string): string {
  const end = text.indexOf('\n');
  return end < 0 ? `${text}\n${line}` : `${text.slice(0, end)}\n${line}${text.slice(end)}`;
}

export const CHUNK_TEXT_VARIANTS = Object.keys(VARIANTS);

/** From now on in this process, symbol chunks are made with `variant`. */
export function useChunkText(variant: string): void {
  const rewrite = VARIANTS[variant];
  if (!rewrite) throw new Error(`unknown chunk text ${variant}: one of ${CHUNK_TEXT_VARIANTS.join(', ')}`);
  const original = chunks.buildChunks;
  // The indexer calls buildChunks through the module's exports, so replacing the export reaches it.
  (chunks as { buildChunks: typeof chunks.buildChunks }).buildChunks = (input) => {
    const symbols = new Map(input.symbols.map((symbol) => [symbol.uid, symbol]));
    return original(input).map((chunk): ChunkRow => {
      const symbol = symbols.get(chunk.uid);
      if (!symbol) return chunk;
      const text = rewrite(symbol, chunk.text).slice(0, 1500);
      return { ...chunk, text, contentHash: hash('sha1', text, 'base64url') };
    });
  };
}
