import { posix } from 'node:path';
import type MarkdownIt from 'markdown-it';
import type { DocumentRow, MentionRow, SectionRow, SymbolRow } from '@lore/domain';
import type { FileResultCache } from '@lore/languages/file-result-cache';
import type { SourceFile } from '@lore/languages/repository-files';

export interface DocumentsInput {
  tenantId: string;
  repositoryId: string;
  /** Markdown files with their text. */
  files: SourceFile[];
  fileUids: ReadonlyMap<string, string>;
  /** Every symbol of the repository, to resolve inline code to. */
  symbols: readonly SymbolRow[];
  /** Where each file's reading is kept between runs (MARKDOWN_CACHE namespace). */
  cache?: FileResultCache;
}

/** The per-file cache's namespace for Markdown readings; bumped whenever MarkdownReading changes. */
export const MARKDOWN_CACHE = 'markdown@1';

export interface Documents {
  documents: DocumentRow[];
  sections: SectionRow[];
  mentions: MentionRow[];
}

let parser: MarkdownIt | undefined;
/** Made when a Markdown file is first read: a command that reads none (a query) skips markdown-it's 40-50 ms load. */
function markdown(): MarkdownIt {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (parser ??= new (require('markdown-it') as typeof import('markdown-it'))({ html: false, linkify: false }));
}

/**
 * Markdown files become a Document with one Section per heading (up to the next heading). A section
 * MENTIONS a symbol when inline code is its qualified name, or its name when only one symbol has
 * it (test cases excepted), and a file when it links to it with a relative path.
 */
export function extractDocuments(input: DocumentsInput): Documents {
  const byQualifiedName = new Map<string, string>();
  const byName = new Map<string, string[]>();
  for (const symbol of input.symbols) {
    if (symbol.kind === 'test') continue;
    if (!byQualifiedName.has(symbol.qualifiedName)) byQualifiedName.set(symbol.qualifiedName, symbol.uid);
    byName.set(symbol.name, [...(byName.get(symbol.name) ?? []), symbol.uid]);
  }
  const resolveCode = (code: string): string | undefined => {
    const text = code.trim().replace(/\(\)$/, '');
    const unique = byName.get(text);
    return byQualifiedName.get(text) ?? (unique?.length === 1 ? unique[0] : undefined);
  };

  const result: Documents = { documents: [], sections: [], mentions: [] };
  for (const file of input.files) {
    if (file.text === null) continue;
    const { document, sections, references } = readMarkdown(file, input.fileUids.get(file.path)!, input.cache);
    result.documents.push(document);
    result.sections.push(...sections);
    const sectionAt = (line: number): SectionRow => sections.findLast((section) => section.startLine <= line) ?? sections[0]!;
    const seen = new Set<string>();
    for (const { line, code, linkedPath } of references) {
      const targetUid = code !== undefined ? resolveCode(code) : input.fileUids.get(linkedPath!);
      if (!targetUid) continue;
      const sectionUid = sectionAt(line).uid;
      const key = `${sectionUid}|${targetUid}`;
      if (seen.has(key)) continue;
      seen.add(key);
      result.mentions.push({ sectionUid, targetUid, targetKind: code !== undefined ? 'symbol' : 'file' });
    }
  }
  return result;
}

/** One Markdown file on its own: its document, sections, and what its inline code and links name, by line. */
interface MarkdownReading {
  fileUid: string;
  document: DocumentRow;
  sections: SectionRow[];
  references: { line: number; code?: string; linkedPath?: string }[];
}

/** Readings by the file read: a long-lived process hands an unchanged file back as the same object (see readSourceFiles). */
const readings = new WeakMap<SourceFile, MarkdownReading>();

function readMarkdown(file: SourceFile, fileUid: string, cache: FileResultCache | undefined): MarkdownReading {
  // Asked of the cache every time: an entry this run does not ask for is not kept.
  const kept = cache?.get(file.path, file.contentHash) as MarkdownReading | undefined;
  const known = readings.get(file) ?? kept;
  if (known && known.fileUid === fileUid) {
    readings.set(file, known);
    if (!kept) cache?.set(file.path, file.contentHash, known);
    return known;
  }
  const documentUid = `${fileUid}#document`;
  const tokens = markdown().parse(file.text!, {});
  const headings: { title: string; level: number; line: number }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === 'heading_open' && token.map) {
      headings.push({ title: tokens[i + 1]?.content.trim() ?? '', level: Number(token.tag.slice(1)), line: token.map[0] + 1 });
    }
  }
  const title = headings.find((heading) => heading.level === 1)?.title ?? posix.basename(file.path);
  const document: DocumentRow = { uid: documentUid, fileUid, path: file.path, title, kind: documentKind(file.path) };

  // Text before the first heading belongs to a section named after the document.
  const starts = headings.length > 0 && headings[0]!.line === 1 ? headings : [{ title, level: 0, line: 1 }, ...headings];
  const usedUids = new Set<string>();
  const sections = starts.map((heading, index) => {
    const endLine = index + 1 < starts.length ? starts[index + 1]!.line - 1 : Math.max(file.lines, heading.line);
    let uid = `${fileUid}#L${heading.line}`;
    for (let n = 2; usedUids.has(uid); n++) uid = `${fileUid}#L${heading.line}~${n}`;
    usedUids.add(uid);
    return { uid, documentUid, title: heading.title, level: heading.level, startLine: heading.line, endLine };
  });

  const references: MarkdownReading['references'] = [];
  for (const token of tokens) {
    if (token.type !== 'inline' || !token.map || !token.children) continue;
    const line = token.map[0] + 1;
    for (const child of token.children) {
      if (child.type === 'code_inline') references.push({ line, code: child.content });
      if (child.type === 'link_open') {
        const linkedPath = linkedFile(file.path, child.attrGet('href') ?? '');
        if (linkedPath !== null) references.push({ line, linkedPath });
      }
    }
  }
  const reading = { fileUid, document, sections, references };
  readings.set(file, reading);
  cache?.set(file.path, file.contentHash, reading);
  return reading;
}

function documentKind(path: string): DocumentRow['kind'] {
  const lower = path.toLowerCase();
  if (/(^|\/)(adr|adrs|decisions)\//.test(lower)) return 'adr';
  if (/(^|\/)readme\.md$/.test(lower)) return 'readme';
  return 'doc';
}

/** A relative link to a file of the repository, without its #anchor; null for URLs and anchors. */
function linkedFile(fromPath: string, href: string): string | null {
  if (!href || /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('#') || href.startsWith('/')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(href.split('#')[0]!);
  } catch {
    return null; // A malformed escape names no file.
  }
  const target = posix.normalize(posix.join(posix.dirname(fromPath), decoded));
  return target.startsWith('..') ? null : target;
}
