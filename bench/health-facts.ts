// The facts analysis reads from Neo4j (cypher/queries/code-health), from an indexer snapshot instead: the benches need no Neo4j.
import type { RepositorySnapshot } from '@lore/domain';
import type { HealthFacts, HealthFileRow } from '@lore/graph';

/** The facts files.cypher, symbols.cypher, references.cypher and imports.cypher read, from the snapshot's rows. */
export function healthFactsOf(snapshot: RepositorySnapshot): HealthFacts {
  const files = new Map(snapshot.files.map((file) => [file.uid, file]));
  const calledAtLoad = new Map<string, HealthFileRow['calledAtLoad']>();
  for (const call of snapshot.calls)
    if (files.has(call.callerUid))
      calledAtLoad.set(call.callerUid, [...(calledAtLoad.get(call.callerUid) ?? []), { uid: call.calleeUid, confidence: call.confidence }]);
  return {
    files: snapshot.files.map((file) => ({
      path: file.path,
      language: file.language,
      lines: file.lines,
      isTest: file.isTest,
      calledAtLoad: calledAtLoad.get(file.uid) ?? [],
    })),
    symbols: snapshot.symbols.map((symbol) => ({
      uid: symbol.uid,
      kind: symbol.kind,
      name: symbol.name,
      qualifiedName: symbol.qualifiedName,
      path: symbol.path,
      language: symbol.language,
      startLine: symbol.startLine,
      endLine: symbol.endLine,
      exported: symbol.exported ?? false,
      nested: symbol.nested ?? false,
      inTest: (files.get(symbol.fileUid)?.isTest ?? false) || symbol.kind === 'test',
      parentUid: symbol.parentUid,
      complexity: symbol.complexity ?? null,
      cognitiveComplexity: symbol.cognitiveComplexity ?? null,
      exactFingerprint: symbol.exactFingerprint ?? null,
      renamedFingerprint: symbol.renamedFingerprint ?? null,
      bodyTokenCount: symbol.bodyTokenCount ?? null,
      nearMissSignature: symbol.nearMissSignature ?? null,
      blockFingerprints: symbol.blockFingerprints ?? null,
      fieldReads: symbol.fieldReads ?? null,
      fieldWrites: symbol.fieldWrites ?? null,
      signature: symbol.signature,
      documented: (symbol.doc ?? '') !== '',
    })),
    references: [
      ...snapshot.calls
        .filter((call) => !files.has(call.callerUid))
        .map((call) => ({
          fromUid: call.callerUid,
          toUid: call.calleeUid,
          type: 'CALLS' as const,
          confidence: call.confidence,
        })),
      ...snapshot.inheritance.map((row) => ({ fromUid: row.fromUid, toUid: row.toUid, type: row.kind, confidence: null })),
      ...snapshot.tests.map((row) => ({ fromUid: row.testUid, toUid: row.targetUid, type: 'TESTS' as const, confidence: null })),
    ],
    imports: snapshot.imports.map((row) => ({
      fromPath: files.get(row.fromUid)?.path ?? '',
      toPath: files.get(row.toUid)?.path ?? '',
      names: row.names,
      kind: row.kind ?? null,
    })),
  };
}
