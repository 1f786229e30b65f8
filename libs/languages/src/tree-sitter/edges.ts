import {
  type CallConfidence,
  type CallRow,
  type DeferredImportKind,
  fileUid,
  type ImportRow,
  type InheritanceRow,
  pairImportKind,
  type SymbolRow,
} from '@lore/domain';
import type { ExtractionInput } from '../extractor';

/** The CALLS, IMPORTS and EXTENDS/IMPLEMENTS rows the tree-sitter extractors build, aggregated and in a stable order. */

const MAX_AMBIGUOUS_TARGETS = 5;

const CONFIDENCE_RANK: Record<CallConfidence, number> = { exact: 3, import: 2, name: 1, ambiguous: 0 };

/** CALLS rows aggregated per caller and callee: first line, count, best confidence. */
export class CallEdges {
  private readonly edges = new Map<string, CallRow>();

  add(callerUid: string, calleeUid: string, line: number, confidence: CallConfidence): void {
    const key = `${callerUid}\u0000${calleeUid}`;
    const existing = this.edges.get(key);
    if (!existing) {
      this.edges.set(key, { callerUid, calleeUid, line, count: 1, confidence });
      return;
    }
    existing.count++;
    existing.line = Math.min(existing.line, line);
    if (CONFIDENCE_RANK[confidence] > CONFIDENCE_RANK[existing.confidence]) existing.confidence = confidence;
  }

  /**
   * The fallback when a call site could not be followed: `name` for a single candidate, `ambiguous`
   * (one edge each) for 2..5, nothing beyond. The caller itself is not a candidate (a recursive call
   * is found by the scope lookups before it comes to this).
   */
  addByName(callerUid: string, line: number, candidates: readonly SymbolRow[] | undefined): void {
    // Leaving the caller out removes one candidate at most: longer lists are never worth scanning.
    if (!candidates || candidates.length > MAX_AMBIGUOUS_TARGETS + 1) return;
    const others = candidates.some((candidate) => candidate.uid === callerUid)
      ? candidates.filter((candidate) => candidate.uid !== callerUid)
      : candidates;
    if (others.length === 1) this.add(callerUid, others[0]!.uid, line, 'name');
    else if (others.length > 1 && others.length <= MAX_AMBIGUOUS_TARGETS)
      for (const candidate of others) this.add(callerUid, candidate.uid, line, 'ambiguous');
  }

  /** The edges of one call site. */
  from(callerUid: string, line: number): SiteCalls {
    return new SiteCalls(this, callerUid, line);
  }

  rows(): CallRow[] {
    return [...this.edges.values()].sort((a, b) => compare(a.callerUid, b.callerUid) || compare(a.calleeUid, b.calleeUid));
  }
}

/** What a resolver concludes about one call site (its caller and line are fixed). */
export class SiteCalls {
  constructor(
    private readonly edges: CallEdges,
    private readonly callerUid: string,
    private readonly line: number,
  ) {}

  /** A callee the resolver followed through scopes, imports or the receiver's known type: confidence `import`. */
  followed(callee: SymbolRow): void {
    this.edges.add(this.callerUid, callee.uid, this.line, 'import');
  }

  /** A callee by its name among the repository's candidates: `name` or `ambiguous` (CallEdges.addByName). */
  byName(candidates: readonly SymbolRow[] | undefined): void {
    this.edges.addByName(this.callerUid, this.line, candidates);
  }

  /** The callee when it was followed, else the candidates of its name. */
  followedOrByName(callee: SymbolRow | null, candidates: readonly SymbolRow[] | undefined): void {
    if (callee) this.followed(callee);
    else this.byName(candidates);
  }
}

/** IMPORTS rows aggregated per file pair, names sorted, the pair's kind from its imports' (pairImportKind). */
export class ImportEdges {
  private readonly edges = new Map<
    string,
    { fromPath: string; toPath: string; names: Set<string>; kinds: (DeferredImportKind | null)[] }
  >();

  constructor(private readonly input: ExtractionInput) {}

  /** One import; `kind` null for a runtime import. */
  add(fromPath: string, toPath: string, names: readonly string[], kind: DeferredImportKind | null = null): void {
    if (fromPath === toPath) return;
    const key = `${fromPath}\u0000${toPath}`;
    let edge = this.edges.get(key);
    if (!edge) {
      edge = { fromPath, toPath, names: new Set(), kinds: [] };
      this.edges.set(key, edge);
    }
    for (const name of names) edge.names.add(name);
    edge.kinds.push(kind);
  }

  rows(): ImportRow[] {
    const uidOf = (path: string): string => fileUidOf(this.input, path);
    return [...this.edges.values()]
      .sort((a, b) => compare(a.fromPath, b.fromPath) || compare(a.toPath, b.toPath))
      .map((edge) => {
        const kind = pairImportKind(edge.kinds);
        return { fromUid: uidOf(edge.fromPath), toUid: uidOf(edge.toPath), names: [...edge.names].sort(compare), ...(kind && { kind }) };
      });
  }
}

/** The uid of a file of the extraction's repository. */
export function fileUidOf(input: ExtractionInput, path: string): string {
  return input.fileUids.get(path) ?? fileUid(input.tenantId, input.repositoryId, path);
}

/** EXTENDS / IMPLEMENTS rows in their stored order: by subtype, supertype, kind. */
export function sortInheritance(rows: InheritanceRow[]): InheritanceRow[] {
  return rows.sort((a, b) => compare(a.fromUid, b.fromUid) || compare(a.toUid, b.toUid) || compare(a.kind, b.kind));
}

/** Adds a symbol to a name index (Map of name to symbols). */
export function indexByName(index: Map<string, SymbolRow[]>, symbol: SymbolRow): void {
  const named = index.get(symbol.name);
  if (named) named.push(symbol);
  else index.set(symbol.name, [symbol]);
}

/** Plain code-unit order: deterministic, locale-independent. */
export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
