// Which cross-repository links a repository's references to other packages give, decided from records and symbols alone.
import { posix } from 'node:path';
import { CALL_CONFIDENCES, fileUid, type CallConfidence, type ExternalName, type ExternalReferences, type PackageRow } from '@lore/domain';

/** What a repository provides and takes from other packages, as its last index recorded it. */
export interface LinkRecords {
  repoId: string;
  packages: PackageRow[];
  references: ExternalReferences;
}

/** A symbol of a providing repository, as much of it as linking looks at. */
export interface LinkableSymbol {
  uid: string;
  repoId: string;
  name: string;
  kind: string;
  path: string;
  language: string;
}

/** How the linker reaches a provider's symbols: exported top-level ones by name, and members of some. */
export interface LinkableSymbols {
  topLevel(repoIds: string[], names: string[]): Promise<LinkableSymbol[]>;
  members(owners: { uid: string; names: string[] }[]): Promise<(LinkableSymbol & { ownerUid: string })[]>;
}

export type LinkType = 'CALLS' | 'IMPORTS' | 'EXTENDS' | 'IMPLEMENTS';

/** A relationship from one repository into another: between symbols, or files for IMPORTS. */
export interface Link {
  type: LinkType;
  fromUid: string;
  toUid: string;
  props: Record<string, unknown>;
}

/** The consumers whose references are followed, each into the providers it may take from. */
export interface LinkPair {
  consumer: LinkRecords;
  providers: LinkRecords[];
}

/**
 * Which languages' symbols a package of an ecosystem (the part of its key before the colon) holds,
 * and whether its module is one directory (a Go package, a Java package) or files of one tree. The
 * language folders' facts (the indexer's packageEcosystems()), handed down by the caller: the graph
 * may not import the indexer.
 */
export interface LinkEcosystem {
  ecosystem: string;
  languages: readonly string[];
  modules: 'directory' | 'tree';
}
const CALLABLE_KINDS = new Set(['function', 'method', 'class', 'variable']);
const TYPE_KINDS = new Set(['class', 'interface']);
/** A name that several symbols of a package answer to links to each, up to this many (`ambiguous`), as calls by name do. */
const MAX_CANDIDATES = 5;
/** How many members deep a name is followed (`Outer.Inner.method`). */
const MAX_MEMBER_DEPTH = 3;

/** A package of a providing repository that a reference names, and the module it names inside it. */
interface Scope {
  repoId: string;
  row: PackageRow;
  module: string;
}

/**
 * The links each consumer's references give into its providers: a call, import or heritage clause
 * naming a package a provider declares is followed to the provider's exported symbol of that name
 * (then its members), `import` when one symbol answers, `ambiguous` to each of a few; an import to
 * the module's file where the provider records it (an entry point, a Python module), else to the
 * files declaring the names it takes. Every link carries `crossRepository: true`.
 */
export async function resolveLinks(
  tenantId: string,
  pairs: readonly LinkPair[],
  symbols: LinkableSymbols,
  ecosystems: readonly LinkEcosystem[],
): Promise<Link[]> {
  const byEcosystem = new Map(ecosystems.map((facts) => [facts.ecosystem, facts]));
  const wanted: { scopes: Scope[]; path: string[] }[] = [];
  const links = new LinkSet();
  const scopesOf = (providers: LinkRecords[], name: { package: string; module: string }): Scope[] =>
    providers.flatMap((provider) => scopesIn(provider, name));
  const calls = pairs.flatMap(({ consumer, providers }) =>
    consumer.references.calls.map((row) => ({ row, name: wantedName(wanted, scopesOf(providers, row.target), row.target) })),
  );
  const inheritance = pairs.flatMap(({ consumer, providers }) =>
    consumer.references.inheritance.map((row) => ({ row, name: wantedName(wanted, scopesOf(providers, row.target), row.target) })),
  );
  const imports = pairs.flatMap(({ consumer, providers }) =>
    consumer.references.imports.map((row) => {
      const scopes = scopesOf(providers, row);
      const names = row.names.filter((name) => name !== '*').map((name) => wantedName(wanted, scopes, { path: [name] }));
      return { row, scopes, names };
    }),
  );
  const found = await findAll(wanted, symbols, byEcosystem);

  for (const { row, name } of calls) {
    const targets = kindsOf(found.get(name), CALLABLE_KINDS);
    for (const target of targets) links.addCall(row.callerUid, target.uid, row.line, row.count, confidenceOf(targets));
  }
  for (const { row, name } of inheritance) {
    const targets = kindsOf(found.get(name), TYPE_KINDS);
    for (const target of targets) links.add(row.kind, row.fromUid, target.uid, { confidence: confidenceOf(targets) });
  }
  for (const { row, scopes, names } of imports) {
    const files = new Set<string>();
    for (const scope of scopes) {
      const entry = scope.row.entries[scope.module];
      if (entry !== undefined) files.add(fileUid(tenantId, scope.repoId, entry));
    }
    if (files.size === 0)
      for (const name of names)
        for (const symbol of kindsOf(found.get(name), null)) files.add(fileUid(tenantId, symbol.repoId, symbol.path));
    if (files.size > MAX_CANDIDATES) continue;
    const confidence = confidenceOf([...files]);
    for (const file of files) links.addImport(row.fileUid, file, row.names, confidence);
  }
  return links.rows();
}

/** The scopes of a provider that a reference's package and module name (a Go import path: the module whose path begins it). */
function scopesIn(provider: LinkRecords, name: { package: string; module: string }): Scope[] {
  const scopes: Scope[] = [];
  for (const row of provider.packages) {
    if (row.key === name.package) scopes.push({ repoId: provider.repoId, row, module: name.module });
    else if (ecosystemOf(row.key) === 'go' && name.package.startsWith(`${row.key}/`)) {
      const inside = name.package.slice(row.key.length + 1);
      scopes.push({ repoId: provider.repoId, row, module: name.module ? `${inside}/${name.module}` : inside });
    }
  }
  return scopes;
}

/** Registers a name to look for in some scopes; the index of its answer in findAll's result. */
function wantedName(wanted: { scopes: Scope[]; path: string[] }[], scopes: Scope[], name: Pick<ExternalName, 'path'>): number {
  wanted.push({ scopes, path: name.path });
  return wanted.length - 1;
}

/** The symbols each wanted name leads to: top-level exported symbols in its scopes, then members, one query per level. */
async function findAll(
  wanted: { scopes: Scope[]; path: string[] }[],
  symbols: LinkableSymbols,
  ecosystems: ReadonlyMap<string, LinkEcosystem>,
): Promise<Map<number, LinkableSymbol[]>> {
  const found = new Map<number, LinkableSymbol[]>();
  const searched = wanted.map((name, index) => ({ ...name, index })).filter((name) => name.scopes.length > 0);
  if (searched.length === 0) return found;
  const repoIds = [...new Set(searched.flatMap((name) => name.scopes.map((scope) => scope.repoId)))].sort();
  const names = [...new Set(searched.map((name) => name.path[0]!))].sort();
  const topLevel = await symbols.topLevel(repoIds, names);
  for (const name of searched)
    found.set(
      name.index,
      topLevel.filter((symbol) => symbol.name === name.path[0] && name.scopes.some((scope) => inScope(symbol, scope, ecosystems))),
    );
  for (let depth = 1; depth <= MAX_MEMBER_DEPTH; depth++) {
    const deeper = searched.filter((name) => name.path.length > depth);
    if (deeper.length === 0) break;
    const byOwner = new Map<string, Set<string>>();
    for (const name of deeper) for (const owner of found.get(name.index)!) setOf(byOwner, owner.uid).add(name.path[depth]!);
    const members =
      byOwner.size === 0 ? [] : await symbols.members([...byOwner].map(([uid, wanted]) => ({ uid, names: [...wanted].sort() })));
    for (const name of deeper) {
      const owners = new Set(found.get(name.index)!.map((owner) => owner.uid));
      found.set(
        name.index,
        members.filter((member) => owners.has(member.ownerUid) && member.name === name.path[depth]),
      );
    }
  }
  for (const name of wanted.keys()) if (!found.has(name)) found.set(name, []);
  return found;
}

/** Whether a symbol is of a scope's package: its language, and its module's directory or the package's tree. */
function inScope(symbol: LinkableSymbol, scope: Scope, ecosystems: ReadonlyMap<string, LinkEcosystem>): boolean {
  const facts = ecosystems.get(ecosystemOf(scope.row.key));
  if (!facts?.languages.includes(symbol.language)) return false;
  if (facts.modules === 'directory') return directoryOf(symbol.path) === joinPath(scope.row.path, scope.module);
  return scope.row.path === '' || symbol.path.startsWith(`${scope.row.path}/`);
}

/** The candidates of the kinds wanted (all with null), none past MAX_CANDIDATES. */
function kindsOf(symbols: LinkableSymbol[] | undefined, kinds: ReadonlySet<string> | null): LinkableSymbol[] {
  const matching = (symbols ?? []).filter((symbol) => kinds === null || kinds.has(symbol.kind));
  return matching.length > MAX_CANDIDATES ? [] : matching;
}

function confidenceOf(targets: readonly unknown[]): CallConfidence {
  return targets.length === 1 ? 'import' : 'ambiguous';
}

/** Links aggregated as the repository's own rows are: one per type and ends (calls: first line, count, best confidence). */
class LinkSet {
  private readonly links = new Map<string, Link>();

  add(type: LinkType, fromUid: string, toUid: string, props: Record<string, unknown>): void {
    const key = linkKey({ type, fromUid, toUid });
    const existing = this.links.get(key);
    if (!existing || rank(props.confidence) < rank(existing.props.confidence))
      this.links.set(key, { type, fromUid, toUid, props: { ...props, crossRepository: true } });
  }

  addCall(fromUid: string, toUid: string, line: number, count: number, confidence: CallConfidence): void {
    const existing = this.links.get(linkKey({ type: 'CALLS', fromUid, toUid }))?.props;
    if (!existing) return this.add('CALLS', fromUid, toUid, { line, count, confidence });
    existing.line = Math.min(existing.line as number, line);
    existing.count = (existing.count as number) + count;
    if (rank(confidence) < rank(existing.confidence)) existing.confidence = confidence;
  }

  addImport(fromUid: string, toUid: string, names: readonly string[], confidence: CallConfidence): void {
    const existing = this.links.get(linkKey({ type: 'IMPORTS', fromUid, toUid }))?.props;
    if (!existing) return this.add('IMPORTS', fromUid, toUid, { names: [...names].sort(), confidence });
    existing.names = [...new Set([...(existing.names as string[]), ...names])].sort();
    if (rank(confidence) < rank(existing.confidence)) existing.confidence = confidence;
  }

  rows(): Link[] {
    return [...this.links.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, link]) => link);
  }
}

/** A link's identity: its type and ends. */
export function linkKey(link: Pick<Link, 'type' | 'fromUid' | 'toUid'>): string {
  return `${link.type}\u0000${link.fromUid}\u0000${link.toUid}`;
}

function rank(confidence: unknown): number {
  return CALL_CONFIDENCES.indexOf(confidence as CallConfidence);
}

function ecosystemOf(key: string): string {
  return key.slice(0, key.indexOf(':'));
}

function setOf(map: Map<string, Set<string>>, key: string): Set<string> {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  return set;
}

function directoryOf(path: string): string {
  const dir = posix.dirname(path);
  return dir === '.' ? '' : dir;
}

function joinPath(dir: string, path: string): string {
  return dir === '' ? path : path === '' ? dir : `${dir}/${path}`;
}
