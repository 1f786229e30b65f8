import type { CallConfidence } from '@lore/domain';
import type { DocumentNode, FileNode, SectionNode, SymbolNode } from '@lore/domain/schemas/explorer';

// What the explorer's queries (cypher/queries/explorer/) return: each node's own properties and its
// repository's indexed commit; the service makes the resource URIs.

export type ExplorerSymbolRecord = Omit<SymbolNode, 'resourceUri'>;
export type ExplorerFileRecord = Omit<FileNode, 'resourceUri'> & { commitSha: string };
export type ExplorerDocumentRecord = Omit<DocumentNode, 'resourceUri'> & { commitSha: string };
export type ExplorerSectionRecord = Omit<SectionNode, 'resourceUri' | 'document'> & {
  commitSha: string;
  document: Omit<DocumentNode, 'resourceUri'>;
};

/** The nodes looked up by uid, by query name. */
export interface ExplorerNodeRecords {
  symbols: ExplorerSymbolRecord;
  files: ExplorerFileRecord;
}

/** The items of each list, by query name: the node and what the relation itself says. */
export interface ExplorerListItems {
  'symbol-callers': { node: ExplorerSymbolRecord; line: number; confidence: CallConfidence };
  'symbol-callees': { node: ExplorerSymbolRecord; line: number; confidence: CallConfidence };
  'symbol-members': { node: ExplorerSymbolRecord };
  'symbol-tests': { node: ExplorerSymbolRecord; via: 'direct' | 'helper' };
  'symbol-sections': { node: ExplorerSectionRecord };
  'file-symbols': { node: ExplorerSymbolRecord };
  'section-symbols': { node: ExplorerSymbolRecord };
  'repository-files': { node: ExplorerFileRecord };
  'repository-documents': { node: ExplorerDocumentRecord };
  'repository-depended-on': { node: ExplorerSymbolRecord; dependents: number };
  'document-sections': { node: ExplorerSectionRecord };
}
export type ExplorerList = keyof ExplorerListItems;

/** One parent's list: how many items in all, and the page asked for. */
export interface ExplorerPageRecord<Item> {
  uid: string;
  totalCount: number;
  items: Item[];
}

/** Which page of every parent's list: the items after the first `skip`, at most `limit`; files under `prefix`. */
export interface ExplorerWindow {
  skip: number;
  limit: number;
  prefix?: string;
}
