import type { HealthFileRow, HealthSymbolRow } from '@lore/graph';

/** Rows of HealthFacts as the index reads them, for the analysis specs (test-only: not part of the library or its build). */

/**
 * A symbol row: by default a private, top-level TypeScript function of lines 1-10 outside tests,
 * named by the last part of its uid after `#`, with none of the body facts the index may record.
 */
export function healthSymbol(fields: Partial<HealthSymbolRow> & Pick<HealthSymbolRow, 'uid' | 'path'>): HealthSymbolRow {
  const name = fields.name ?? fields.uid.split('#').pop()!;
  return {
    kind: 'function',
    name,
    qualifiedName: fields.qualifiedName ?? name,
    language: 'typescript',
    startLine: 1,
    endLine: 10,
    exported: false,
    nested: false,
    inTest: false,
    parentUid: null,
    complexity: null,
    cognitiveComplexity: null,
    exactFingerprint: null,
    renamedFingerprint: null,
    bodyTokenCount: null,
    nearMissSignature: null,
    blockFingerprints: null,
    fieldReads: null,
    fieldWrites: null,
    signature: null,
    documented: false,
    ...fields,
  };
}

/** A file row: not a test file, and no module-level code that calls anything unless `fields` says so. */
export function healthFile(path: string, language: string, lines: number, fields: Partial<HealthFileRow> = {}): HealthFileRow {
  return { path, language, lines, isTest: false, calledAtLoad: [], ...fields };
}
