import { formatCodeUri } from '@lore/domain';
import type { ContextPack, DocumentDraft, DraftStatement, EvidenceItem } from '@lore/domain/schemas/document-generation';
import { knownLanguage } from '@lore/indexer';

/** What wrote a draft: from the graph alone, deterministic (the same pack gives the same draft). */
export const GRAPH_GENERATOR = 'lore-graph/1';

export type DraftBody = Pick<DocumentDraft, 'title' | 'content' | 'statements' | 'evidence' | 'warnings'>;

/**
 * A module's documentation written from its context pack, and nothing else: its purpose from the doc
 * comments of its exported symbols, its public API with signatures, who calls it from other files,
 * and the files that test it. Each statement is one sentence in a shape verify_claim settles where it
 * can ("X is defined in F", "X is called by Y", "X is tested by F"), followed by links to its
 * evidence (code:// spans, and evidence-map:// for paths in the graph), so a quality check reads the
 * sentence alone.
 */
export function writeDraft(pack: ContextPack, documentId: string): DraftBody {
  const evidence = new EvidenceLedger(pack, documentId);
  const statements: DraftStatement[] = [];
  const lines = [`# ${pack.task.modulePath}`, ''];
  const state = (section: DraftStatement['section'], text: string, cited: string[]) => {
    statements.push({ id: `S${statements.length + 1}`, section, text, evidence: cited });
    lines.push(`- ${text} ${cited.map((id) => `[${id}](${evidence.link(id)})`).join(' ')}`);
  };
  const exported = pack.symbols.filter((symbol) => symbol.exported && !symbol.qualifiedName.includes('.'));
  const warnings: DraftBody['warnings'] = [];

  const documented = exported.filter((symbol) => firstSentence(symbol.doc) !== null);
  if (documented.length > 0) {
    lines.push('## Purpose', '');
    for (const symbol of documented) state('purpose', `\`${symbol.qualifiedName}\`: ${firstSentence(symbol.doc)}`, [evidence.span(symbol)]);
    lines.push('');
  } else {
    warnings.push({ code: 'no_doc_comments', message: 'No exported symbol of the module has a doc comment: the draft states no purpose.' });
  }

  if (exported.length > 0) {
    lines.push('## Public API', '');
    for (const symbol of exported) {
      state('public_api', `\`${symbol.qualifiedName}\` is defined in \`${symbol.path}\`.`, [evidence.span(symbol)]);
      if (symbol.signature)
        lines.push('', `  \`\`\`${knownLanguage(symbol.language)?.language.fence ?? ''}`, `  ${symbol.signature}`, '  ```', '');
    }
    lines.push('');
  } else {
    warnings.push({ code: 'no_public_api', message: 'The module exports nothing the graph knows of.' });
  }

  if (pack.callers.length > 0) {
    lines.push('## How it is used', '');
    for (const caller of pack.callers) {
      state('usage', `\`${caller.calls}\` is called by \`${caller.qualifiedName}\`.`, [
        evidence.graphPath([caller.qualifiedName, caller.calls]),
        evidence.line(caller.path, caller.line),
      ]);
    }
    lines.push('');
  }

  const tested = new Map<string, { exercises: string; path: string; spans: ContextPack['tests'] }>();
  for (const test of pack.tests) {
    const key = `${test.exercises}\u0000${test.path}`;
    const entry = tested.get(key) ?? { exercises: test.exercises, path: test.path, spans: [] };
    entry.spans.push(test);
    tested.set(key, entry);
  }
  if (tested.size > 0) {
    lines.push('## Tests', '');
    for (const entry of tested.values()) {
      state(
        'tests',
        `\`${entry.exercises}\` is tested by \`${entry.path}\`.`,
        entry.spans.map((test) => evidence.span(test)),
      );
    }
    lines.push('');
  } else {
    warnings.push({ code: 'no_tests', message: 'No test of the graph exercises the module.' });
  }

  lines.push(`Evidence map: ${evidence.mapUri}`, '');
  return { title: pack.task.modulePath, content: lines.join('\n'), statements, evidence: evidence.items, warnings };
}

/** The file a draft is written to: its module path with each run of other characters as -, and .md (src/pricing → src-pricing.md). */
export function draftFileName(modulePath: string): string {
  return `${modulePath.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'module'}.md`;
}

/** The first sentence of a doc comment, on one line; null when there is none. */
export function firstSentence(doc: string | null): string | null {
  const text = (doc ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('@'))
    .join(' ')
    .trim();
  if (text === '') return null;
  const end = /[.!?](?=\s|$)/.exec(text);
  return end ? text.slice(0, end.index + 1) : `${text}.`;
}

/** The evidence of a draft, each span and path once, numbered in the order the draft first cites them. */
class EvidenceLedger {
  readonly items: EvidenceItem[] = [];
  private readonly byKey = new Map<string, string>();
  readonly mapUri: string;

  constructor(
    private readonly pack: ContextPack,
    documentId: string,
  ) {
    this.mapUri = `evidence-map://${documentId}`;
  }

  span(item: { path: string; startLine: number; endLine: number }): string {
    return this.add(`E|${item.path}|${item.startLine}|${item.endLine}`, 'E', (id) => ({
      id,
      type: 'file_span',
      path: item.path,
      lines: [item.startLine, item.endLine],
      uri: codeUri(this.pack, item.path, item.startLine, item.endLine),
      graphPath: [],
    }));
  }

  line(path: string, line: number): string {
    return this.span({ path, startLine: line, endLine: line });
  }

  graphPath(names: string[]): string {
    return this.add(`G|${names.join('|')}`, 'G', (id) => ({ id, type: 'graph_path', path: null, lines: [], uri: null, graphPath: names }));
  }

  /** Where a citation links: the code span itself, or the evidence map for a path in the graph. */
  link(id: string): string {
    return this.items.find((item) => item.id === id)?.uri ?? `${this.mapUri}#${id}`;
  }

  private add(key: string, prefix: 'E' | 'G', make: (id: string) => EvidenceItem): string {
    const known = this.byKey.get(key);
    if (known !== undefined) return known;
    const id = `${prefix}${this.items.filter((item) => item.id.startsWith(prefix)).length + 1}`;
    this.items.push(make(id));
    this.byKey.set(key, id);
    return id;
  }
}

function codeUri(pack: ContextPack, path: string, startLine: number, endLine: number): string {
  const found = pack.spans.find((span) => span.path === path && span.startLine === startLine && span.endLine === endLine);
  if (found) return found.uri;
  return formatCodeUri({ repositoryId: pack.repositoryId, commitSha: pack.commitSha, path, startLine, endLine });
}
