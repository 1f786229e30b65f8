import { fileUid, symbolUid, type SymbolKind, type SymbolRow } from '@lore/domain';
import type { ExtractionInput } from '../extractor';
import { nameTokens } from '../identifiers';
import type { SourceFile } from '../repository-files';
import type { MeasuredBody } from './body-metrics';
import { oneLine } from './tree-sitter';

/** The symbol rows of one file as the tree-sitter extractors build them: signatures and docs capped, uids made unique. */

const MAX_SIGNATURE = 300;
const MAX_DOC = 1000;

function cap(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** A signature as stored: one line, capped. */
function signatureText(text: string): string {
  return cap(oneLine(text), MAX_SIGNATURE);
}

/** A doc as stored: trimmed, capped, null when empty. */
export function docText(text: string): string | null {
  const trimmed = text.trim();
  return trimmed ? cap(trimmed, MAX_DOC) : null;
}

export interface NewSymbol {
  kind: SymbolKind;
  name: string;
  /** Defaults to parent.qualifiedName + '.' + name. */
  qualifiedName?: string;
  parent: SymbolRow | null;
  /** The declaration's header as written; stored on one line, capped. */
  signature: string;
  doc: string | null;
  startLine: number;
  endLine: number;
  exported: boolean;
  /** The body's metrics (its complexity among them); absent for a symbol without a body. */
  body?: MeasuredBody;
  /** A body nested in another or unnamed by a declaration (a lambda, a function literal, a nested function). */
  nested?: boolean;
  /** A test case: stored as kind `test` whatever `kind` says, and never exported. */
  test?: boolean;
}

/** Builds the symbol rows of one file: deterministic uids, `~n` on clashes, name tokens. */
export class FileSymbols {
  readonly symbols: SymbolRow[] = [];
  readonly fileUid: string;
  private readonly usedUids = new Set<string>();

  constructor(
    private readonly input: ExtractionInput,
    readonly file: SourceFile,
  ) {
    this.fileUid = input.fileUids.get(file.path) ?? fileUid(input.tenantId, input.repositoryId, file.path);
  }

  add(spec: NewSymbol): SymbolRow {
    const qualifiedName = spec.qualifiedName ?? (spec.parent ? `${spec.parent.qualifiedName}.${spec.name}` : spec.name);
    const baseUid = symbolUid(this.input.tenantId, this.input.repositoryId, this.file.path, qualifiedName);
    let uid = baseUid;
    for (let n = 2; this.usedUids.has(uid); n++) uid = `${baseUid}~${n}`;
    this.usedUids.add(uid);
    const symbol: SymbolRow = {
      uid,
      fileUid: this.fileUid,
      parentUid: spec.parent?.uid ?? null,
      kind: spec.test ? 'test' : spec.kind,
      name: spec.name,
      qualifiedName,
      nameTokens: nameTokens(spec.name, qualifiedName),
      path: this.file.path,
      language: this.file.language,
      signature: signatureText(spec.signature),
      doc: spec.doc,
      startLine: spec.startLine,
      endLine: Math.max(spec.startLine, spec.endLine),
      exported: !spec.test && !spec.nested && spec.exported,
      complexity: null,
      ...spec.body,
      ...(spec.nested && { nested: true }),
    };
    this.symbols.push(symbol);
    return symbol;
  }
}
