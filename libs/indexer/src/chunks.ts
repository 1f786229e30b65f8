import { hash } from 'node:crypto';
import type { ChunkRow, DocumentRow, SectionRow, SymbolRow } from '@lore/domain';
import { redactSecrets } from './secrets/secret-scanner';

const MAX_CHUNK_CHARS = 1500;
const BODY_HEAD_LINES = 12;

/** Kinds whose body says something about them; members and properties are described by their line. */
const WITH_BODY = new Set(['function', 'method', 'class', 'interface', 'enum', 'type', 'test']);

export interface ChunkInput {
  symbols: readonly SymbolRow[];
  documents: readonly DocumentRow[];
  sections: readonly SectionRow[];
  /** File texts by path. */
  texts: ReadonlyMap<string, string>;
  /** Secrets found per path, to take out of every chunk. */
  secrets: ReadonlyMap<string, { value: string; rule: string }[]>;
}

/**
 * One chunk per symbol but nested bodies (kind, qualified name, path, signature, doc, head of the body) and per document
 * section. The path is there for its words: where code lives (`errors.ts`, `json-schema/`, `tests/`)
 * often says what it is about when its name and body do not (measured with bench/retrieval.ts).
 */
/**
 * Chunks by the symbol or section row they were made from. A long-lived process meets the same row
 * objects run after run while their file's content is unchanged (kept per-file results, remembered
 * reads), and with it the same text and secrets: such a row's chunk is made once.
 */
const chunksByRow = new WeakMap<object, ChunkRow>();

export function buildChunks(input: ChunkInput): ChunkRow[] {
  // Where each line starts, per file: a body's head is one slice of the text, not a split of the whole file.
  const lineStarts = new Map<string, number[]>();
  const linesOf = (path: string, from: number, to: number): string => {
    const text = input.texts.get(path) ?? '';
    let starts = lineStarts.get(path);
    if (!starts) {
      starts = [0];
      for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
      lineStarts.set(path, starts);
    }
    if (from >= starts.length || to <= from) return '';
    return text.slice(starts[from], to < starts.length ? starts[to]! - 1 : text.length);
  };
  const chunk = (row: Omit<ChunkRow, 'contentHash' | 'text'>, parts: (string | null)[]): ChunkRow => {
    const raw = parts
      .filter((part): part is string => Boolean(part))
      .join('\n')
      .slice(0, MAX_CHUNK_CHARS);
    const text = redactSecrets(raw, input.secrets.get(row.path) ?? []);
    return { ...row, text, contentHash: hash('sha1', text, 'base64url') };
  };

  const chunks: ChunkRow[] = [];
  for (const symbol of input.symbols) {
    // A nested body's text is its enclosing symbol's: embedded with it, not again on its own.
    if (symbol.nested) continue;
    const known = chunksByRow.get(symbol);
    if (known) {
      chunks.push(known);
      continue;
    }
    const body = WITH_BODY.has(symbol.kind)
      ? linesOf(symbol.path, symbol.startLine - 1, Math.min(symbol.endLine, symbol.startLine - 1 + BODY_HEAD_LINES))
      : null;
    const made = chunk(
      {
        id: symbol.uid,
        uid: symbol.uid,
        kind: symbol.kind,
        path: symbol.path,
        language: symbol.language,
        startLine: symbol.startLine,
        endLine: symbol.endLine,
      },
      [`${symbol.kind} ${symbol.qualifiedName}`, symbol.path, symbol.signature, symbol.doc, body],
    );
    chunksByRow.set(symbol, made);
    chunks.push(made);
  }
  const documents = new Map(input.documents.map((document) => [document.uid, document]));
  for (const section of input.sections) {
    const known = chunksByRow.get(section);
    if (known) {
      chunks.push(known);
      continue;
    }
    const document = documents.get(section.documentUid)!;
    const text = linesOf(document.path, section.startLine - 1, section.endLine);
    const made = chunk(
      {
        id: section.uid,
        uid: section.uid,
        kind: 'section',
        path: document.path,
        language: 'markdown',
        startLine: section.startLine,
        endLine: section.endLine,
      },
      [`${document.title} > ${section.title}`, text],
    );
    chunksByRow.set(section, made);
    chunks.push(made);
  }
  return chunks;
}
