// Secrets in the repository's files: found in a worker (kept between runs as where, never what), taken out of every stored row.
import type { SymbolRow } from '@lore/domain';
import type { FileResultStore } from '@lore/languages/file-result-cache';
import { nameTokens } from '@lore/languages/identifiers';
import type { Documents } from './markdown/markdown-documents';
import type { SourceFile } from '@lore/languages/repository-files';
import { SECRET_RULES_VERSION, redactSecrets, type SecretFinding, type SecretScanner } from './secrets/secret-scanner';

/**
 * The secrets of the readable files, looked for by `scanner` (in its worker, while the extractors
 * parse); a file scanned before, with the same content and rules, is not scanned again. Closes the
 * scanner when its findings are in: an idle process holds no thread.
 */
export function scanForSecrets(scanner: SecretScanner, readable: readonly SourceFile[], kept: FileResultStore): Promise<SecretFinding[]> {
  const keptFindings = kept.scope(`secrets@${SECRET_RULES_VERSION}`);
  const knownFindings: SecretFinding[] = [];
  const toScan: SourceFile[] = [];
  for (const source of readable) {
    const found = keptFindings.get(source.path, source.contentHash) as SecretFinding[] | undefined;
    if (found) knownFindings.push(...found);
    else toScan.push(source);
  }
  return scanner
    .scan(toScan.map((source) => ({ path: source.path, text: source.text! })))
    .then((findings) => {
      const byPath = new Map<string, SecretFinding[]>();
      for (const finding of findings) byPath.set(finding.path, [...(byPath.get(finding.path) ?? []), finding]);
      for (const source of toScan) keptFindings.set(source.path, source.contentHash, byPath.get(source.path) ?? []);
      return [...knownFindings, ...findings];
    })
    .finally(() => scanner.close());
}

/** Each secret found, as the text to take out, by path. */
export function secretsByPath(
  findings: readonly SecretFinding[],
  sources: readonly SourceFile[],
): Map<string, { value: string; rule: string }[]> {
  const texts = new Map(sources.map((source) => [source.path, source.text!]));
  const byPath = new Map<string, { value: string; rule: string }[]>();
  for (const finding of findings) {
    const value = texts.get(finding.path)!.slice(finding.start, finding.end);
    byPath.set(finding.path, [...(byPath.get(finding.path) ?? []), { value, rule: finding.rule }]);
  }
  return byPath;
}

/** No stored snippet (signature, doc comment) keeps a secret found in its file. */
export function redactSymbols(symbols: SymbolRow[], secrets: ReadonlyMap<string, { value: string; rule: string }[]>): void {
  for (const symbol of symbols) {
    const found = secrets.get(symbol.path);
    if (!found) continue;
    if (symbol.signature !== null) symbol.signature = redactSecrets(symbol.signature, found);
    if (symbol.doc !== null) symbol.doc = redactSecrets(symbol.doc, found);
  }
}

/**
 * A symbol whose name holds a secret found in its file (a test's title: `it('accepts ghp_…')`, and
 * what is nested in it) is named with the secret redacted, and its uid made the same way: uids are
 * stored and served too. New rows for those (the rows the first pass cached stay as the extractor made
 * them; FileResultStore.save keeps no entry holding a secret), and the uid each symbol now has.
 */
export function renameSymbolsNamingSecrets(
  symbols: SymbolRow[],
  secrets: ReadonlyMap<string, { value: string; rule: string }[]>,
): { symbols: SymbolRow[]; uidOf: (uid: string) => string } {
  const renamed = new Map<string, string>();
  const taken = new Set(symbols.map((symbol) => symbol.uid));
  for (const symbol of symbols) {
    const found = secrets.get(symbol.path);
    if (!found?.some(({ value }) => symbol.uid.includes(value))) continue;
    let uid = redactSecrets(symbol.uid, found);
    // Two titles that differ only in their secret: the second gets a suffix, as clashing names do.
    for (let n = 2; taken.has(uid); n++) uid = `${redactSecrets(symbol.uid, found)}~${n}`;
    taken.add(uid);
    renamed.set(symbol.uid, uid);
  }
  if (renamed.size === 0) return { symbols, uidOf: (uid) => uid };
  const uidOf = (uid: string): string => renamed.get(uid) ?? uid;
  return {
    symbols: symbols.map((symbol) => {
      if (!renamed.has(symbol.uid) && !(symbol.parentUid && renamed.has(symbol.parentUid))) return symbol;
      const found = secrets.get(symbol.path)!;
      const name = redactSecrets(symbol.name, found);
      const qualifiedName = redactSecrets(symbol.qualifiedName, found);
      return {
        ...symbol,
        uid: uidOf(symbol.uid),
        parentUid: symbol.parentUid && uidOf(symbol.parentUid),
        name,
        qualifiedName,
        nameTokens: nameTokens(name, qualifiedName),
      };
    }),
    uidOf,
  };
}

/** No document or section title (a heading's text) keeps a secret found in its file. New rows: the readings are memoized. */
export function redactDocuments(documents: Documents, secrets: ReadonlyMap<string, { value: string; rule: string }[]>): Documents {
  if (secrets.size === 0) return documents;
  const pathOf = new Map(documents.documents.map((document) => [document.uid, document.path]));
  const redact = <Row extends { title: string }>(row: Row, path: string): Row => {
    const found = secrets.get(path);
    return found ? { ...row, title: redactSecrets(row.title, found) } : row;
  };
  return {
    ...documents,
    documents: documents.documents.map((document) => redact(document, document.path)),
    sections: documents.sections.map((section) => redact(section, pathOf.get(section.documentUid)!)),
  };
}
