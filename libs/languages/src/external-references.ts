import type { ExternalCallRow, ExternalImportRow, ExternalInheritanceRow, ExternalName, ExternalReferences } from '@lore/domain';
import { compare } from './tree-sitter/edges';

/** What a repository takes from other packages, one language's or all of them: imports, calls and heritage. */

export function noExternalReferences(): ExternalReferences {
  return { imports: [], calls: [], inheritance: [] };
}

/** The references of several extractors as one, each list in the order ExternalReferenceRows gives. */
export function joinExternalReferences(parts: readonly ExternalReferences[]): ExternalReferences {
  const joined = noExternalReferences();
  for (const part of parts) {
    joined.imports.push(...part.imports);
    joined.calls.push(...part.calls);
    joined.inheritance.push(...part.inheritance);
  }
  return {
    imports: sortedBy(joined.imports, importKey),
    calls: sortedBy(joined.calls, (row) => callKey(row.callerUid, row.target)),
    inheritance: sortedBy(joined.inheritance, inheritanceKey),
  };
}

/** Rows in the order of their keys, each key made once (not twice per comparison: 80,000 calls on prisma). */
function sortedBy<T>(rows: readonly T[], keyOf: (row: T) => string): T[] {
  const keyed = rows.map((row) => ({ row, key: keyOf(row) }));
  keyed.sort((a, b) => compare(a.key, b.key));
  return keyed.map(({ row }) => row);
}

/**
 * References to other packages as an extractor meets them, aggregated as the repository's own rows
 * are: one import row per file and module (its names merged), one call row per caller and name
 * (first line, count of sites), one heritage row per class, kind and name.
 */
export class ExternalReferenceRows {
  private readonly imports = new Map<string, ExternalImportRow>();
  private readonly calls = new Map<string, ExternalCallRow>();
  private readonly inheritance = new Map<string, ExternalInheritanceRow>();

  addImport(fileUid: string, packageKey: string, module: string, names: readonly string[]): void {
    const row: ExternalImportRow = { fileUid, package: packageKey, module, names: [] };
    const key = importKey(row);
    const existing = this.imports.get(key) ?? row;
    this.imports.set(key, existing);
    for (const name of names) if (!existing.names.includes(name)) existing.names.push(name);
  }

  addCall(callerUid: string, target: ExternalName, line: number): void {
    const key = callKey(callerUid, target);
    const existing = this.calls.get(key);
    if (!existing) {
      this.calls.set(key, { callerUid, target, line, count: 1 });
      return;
    }
    existing.count++;
    existing.line = Math.min(existing.line, line);
  }

  addInheritance(fromUid: string, target: ExternalName, kind: ExternalInheritanceRow['kind']): void {
    const row = { fromUid, target, kind };
    this.inheritance.set(inheritanceKey(row), row);
  }

  rows(): ExternalReferences {
    for (const row of this.imports.values()) row.names.sort(compare);
    return joinExternalReferences([
      { imports: [...this.imports.values()], calls: [...this.calls.values()], inheritance: [...this.inheritance.values()] },
    ]);
  }
}

/** Uids renamed after extraction (symbols named after a secret): the references follow their symbols. */
export function renameExternalReferences(references: ExternalReferences, renamed: (uid: string) => string): ExternalReferences {
  return {
    imports: references.imports,
    calls: references.calls.map((row) => ({ ...row, callerUid: renamed(row.callerUid) })),
    inheritance: references.inheritance.map((row) => ({ ...row, fromUid: renamed(row.fromUid) })),
  };
}

function nameKey(target: ExternalName): string {
  return `${target.package}\u0000${target.module}\u0000${target.path.join('.')}`;
}

function importKey(row: ExternalImportRow): string {
  return `${row.fileUid}\u0000${row.package}\u0000${row.module}`;
}

function callKey(callerUid: string, target: ExternalName): string {
  return `${callerUid}\u0000${nameKey(target)}`;
}

function inheritanceKey(row: ExternalInheritanceRow): string {
  return `${row.fromUid}\u0000${row.kind}\u0000${nameKey(row.target)}`;
}
