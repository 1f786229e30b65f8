import { type SymbolRef, fileUid } from '@lore/domain';
import type { SymbolDetailRecord } from '@lore/graph';
import { type ClaimContext, type Finding, NEIGHBOUR_LIMIT, STRONG, isSymbol, settled, unknown } from './claim-findings';
import type { ParsedClaim } from './claim-parser';
import { escapeRegExp, findWord } from './code-facts';

// Claims about edges between code: calls, inheritance, overrides, imports.

export async function settleCall(context: ClaimContext, claim: ParsedClaim): Promise<Finding> {
  const [callerName, calleeName] = claim.kind === 'calls' ? [claim.subject, claim.object!] : [claim.object!, claim.subject];
  const caller = await context.one(callerName);
  if (!isSymbol(caller)) return caller;
  const callees = await context.symbols(calleeName);
  if (callees.length === 0)
    return unknown(
      [`No symbol named ${calleeName} in ${context.code.repositoryId}: a call into code Lore does not index is not in the graph.`],
      [context.code.symbolEvidence(caller)],
    );
  context.checked.push(`the calls of ${caller.qualifiedName}`);
  const calleeUids = new Set(callees.map((callee) => callee.uid));
  const edges = (await callsWithin(context, caller)).filter((edge) => calleeUids.has(edge.symbol.uid));
  const strong = edges.filter((edge) => STRONG.includes(edge.confidence));
  const siteEvidence = (list: typeof edges) =>
    list.flatMap((edge) => [context.code.evidence(caller.path, edge.line), context.code.symbolEvidence(edge.symbol)]);
  if (strong.length > 0) {
    return settled(
      true,
      [`${caller.qualifiedName} calls ${strong[0]!.symbol.qualifiedName} at line ${strong[0]!.line} (${strong[0]!.confidence}).`],
      siteEvidence(strong),
    );
  }
  if (edges.length > 0) {
    return unknown(
      [
        `The only calls from ${caller.qualifiedName} to ${calleeName} were matched by name (${edges.map((edge) => edge.confidence).join(', ')}): confirm in the code.`,
      ],
      siteEvidence(edges),
    );
  }
  const text = await context.code.symbolText(caller);
  const calleeWord = callees[0]!.name;
  if (text === null || findWord(text, calleeWord) >= 0 || callees.some((callee) => callee.name !== calleeWord)) {
    return unknown(
      [`${caller.qualifiedName} names ${calleeWord} but no resolved call to it is in the graph.`],
      [context.code.symbolEvidence(caller), ...callees.map((callee) => context.code.symbolEvidence(callee))],
    );
  }
  return settled(
    false,
    [`${caller.qualifiedName} has no call to ${calleeName}, and its code does not name ${calleeWord}.`],
    [context.code.symbolEvidence(caller)],
  );
}

/** How deep "X calls Y" follows bodies nested in X (a callback in a callback in X). */
const MAX_NESTING = 4;

/**
 * The calls of a symbol and of the bodies nested in it (callbacks, inner functions, object-literal
 * methods): what a reader means by "X calls Y". A nested body is a symbol of its own, which the
 * enclosing one calls; it is known by its qualified name under X's, in X's file.
 */
async function callsWithin(context: ClaimContext, caller: SymbolRef): Promise<SymbolDetailRecord['calls']> {
  const calls: SymbolDetailRecord['calls'] = [];
  const seen = new Set([caller.uid]);
  let bodies = [caller];
  for (let depth = 0; depth <= MAX_NESTING && bodies.length > 0; depth++) {
    const nested: SymbolRef[] = [];
    for (const body of bodies) {
      const detail = await context.graph.getSymbolDetail(context.code.principal, body.uid, NEIGHBOUR_LIMIT);
      for (const edge of detail?.calls ?? []) {
        calls.push(edge);
        const inside = edge.symbol.path === caller.path && edge.symbol.qualifiedName.startsWith(`${body.qualifiedName}.`);
        if (inside && !seen.has(edge.symbol.uid)) {
          seen.add(edge.symbol.uid);
          nested.push(edge.symbol);
        }
      }
    }
    bodies = nested;
  }
  return calls;
}

export async function settleHeritage(context: ClaimContext, claim: ParsedClaim): Promise<Finding> {
  const subclass = await context.one(claim.subject, ['class', 'interface']);
  if (!isSymbol(subclass)) return subclass;
  const bases = (await context.symbols(claim.object!)).filter((symbol) => symbol.kind === 'class' || symbol.kind === 'interface');
  const evidence = [context.code.symbolEvidence(subclass)];
  const clause = heritageClause((await context.code.symbolText(subclass)) ?? '', claim.kind);
  if (bases.length === 0) {
    // A base Lore does not index (a library's, the language's): the declaration itself names it or not.
    const word = claim.object!.split('.').pop()!;
    if (findWord(clause, word) >= 0)
      return settled(true, [`${subclass.qualifiedName}'s declaration ${claim.kind} ${claim.object}.`], evidence);
    return unknown([`No class or interface named ${claim.object} in ${context.code.repositoryId}.`], evidence);
  }
  context.checked.push(`the EXTENDS and IMPLEMENTS edges above ${subclass.qualifiedName}`);
  const baseUids = new Set(bases.map((base) => base.uid));
  // Walk up from the subclass: a claim holds through a chain (A extends B extends C: A extends C).
  let frontier = [{ uid: subclass.uid, viaImplements: false }];
  const seen = new Set([subclass.uid]);
  let weak = false;
  for (let depth = 0; depth < 8 && frontier.length > 0; depth++) {
    const edges = await context.graph.findNeighbors(
      context.code.principal,
      frontier.map((node) => node.uid),
      {
        types: ['EXTENDS', 'IMPLEMENTS'],
        outgoing: true,
        incoming: false,
        limit: NEIGHBOUR_LIMIT,
      },
    );
    const next: typeof frontier = [];
    for (const { via, node, edge } of edges) {
      if (edge.from !== via) continue;
      const from = frontier.find((item) => item.uid === via)!;
      const viaImplements = from.viaImplements || edge.type === 'IMPLEMENTS';
      if (edge.confidence === 'name' || edge.confidence === 'ambiguous') weak = true;
      if (baseUids.has(node.uid) && !(edge.confidence === 'name' || edge.confidence === 'ambiguous')) {
        const holds = claim.kind === 'extends' ? !viaImplements : viaImplements || node.kind === 'interface';
        if (holds)
          return settled(
            true,
            [`${subclass.qualifiedName} ${claim.kind} ${node.qualifiedName ?? node.name}${depth > 0 ? ' through its base classes' : ''}.`],
            [...evidence, context.code.evidence(node.path, node.startLine ?? 1, node.endLine ?? 1)],
          );
      }
      if (!seen.has(node.uid)) {
        seen.add(node.uid);
        next.push({ uid: node.uid, viaImplements });
      }
    }
    frontier = next;
  }
  if (weak) return unknown([`Some of ${subclass.qualifiedName}'s base types were matched by name only.`], evidence);
  const baseName = bases[0]!.name;
  if (findWord(clause, baseName) >= 0)
    return unknown([`${subclass.qualifiedName}'s declaration names ${baseName}, which the graph did not resolve to it.`], evidence);
  const reached = [...seen].length - 1;
  return settled(
    false,
    [
      `${subclass.qualifiedName} does not ${claim.kind === 'extends' ? 'extend' : 'implement'} ${claim.object}${reached > 0 ? ` (${reached} base type${reached === 1 ? ' was' : 's were'} followed)` : ''}.`,
    ],
    evidence,
  );
}

export async function settleOverrides(context: ClaimContext, claim: ParsedClaim): Promise<Finding> {
  const member = await context.one(claim.subject, ['method', 'property']);
  if (!isSymbol(member)) return member;
  const overridden = (await context.symbols(claim.object!)).filter((symbol) => symbol.kind === 'method' || symbol.kind === 'property');
  const evidence = [context.code.symbolEvidence(member)];
  if (overridden.length === 0) return unknown([`No method named ${claim.object} in ${context.code.repositoryId}.`], evidence);
  if (overridden.every((symbol) => symbol.name !== member.name)) {
    return settled(
      false,
      [`${member.qualifiedName} and ${claim.object} have different names: a member overrides only its namesake.`],
      evidence,
    );
  }
  context.checked.push(`the members that ${claim.object} is overridden by`);
  const dependents = await context.graph.findDependents(
    context.code.principal,
    overridden.map((symbol) => symbol.uid),
    ['exact', 'import'],
    NEIGHBOUR_LIMIT,
  );
  const found = dependents.find((edge) => edge.type === 'OVERRIDES' && !edge.reversed && edge.symbol.uid === member.uid);
  if (found) {
    const base = overridden.find((symbol) => symbol.uid === found.via)!;
    return settled(true, [`${member.qualifiedName} overrides ${base.qualifiedName}.`], [...evidence, context.code.symbolEvidence(base)]);
  }
  return unknown(
    [`No override of ${claim.object} by ${member.qualifiedName} is in the graph.`],
    [...evidence, ...overridden.map((symbol) => context.code.symbolEvidence(symbol))],
  );
}

export async function settleImports(context: ClaimContext, claim: ParsedClaim): Promise<Finding> {
  const importer = await context.code.file(claim.subject);
  if (importer === null) return unknown([`No file ${claim.subject} in ${context.code.repositoryId}.`]);
  context.checked.push(`the imports of ${importer.path}`);
  const text = (await context.code.text(importer.path)) ?? '';
  const importLines = text
    .split('\n')
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => /\bimport\b|\brequire\s*\(|^\s*from\s+\S+\s+import\b|^\s*"[^"]+"\s*$/.test(line));
  const object = claim.object!;
  const fileEvidence = (index: number) => context.code.evidence(importer.path, index + 1);
  const imported = await importedFile(context, object);
  if (imported !== null) {
    const importers = await context.graph.findImporters(
      context.code.principal,
      [fileUid(context.code.principal.tenantId, context.code.repositoryId, imported)],
      NEIGHBOUR_LIMIT,
    );
    context.checked.push(`the files importing ${imported}`);
    const stem = imported
      .replace(/\.[^./]+$/, '')
      .split('/')
      .pop()!;
    const lines = importLines.filter(({ line }) => line.includes(stem));
    if (importers.some((edge) => edge.path === importer.path && edge.repositoryId === context.code.repositoryId)) {
      return settled(
        true,
        [`${importer.path} imports ${imported}.`],
        lines.length > 0 ? lines.map(({ index }) => fileEvidence(index)) : [context.code.evidence(importer.path, 1)],
      );
    }
    if (lines.length > 0)
      return unknown(
        [`An import of ${importer.path} names ${stem}, but the graph has no import of ${imported}.`],
        lines.map(({ index }) => fileEvidence(index)),
      );
    return settled(
      false,
      [`${importer.path} has no import of ${imported}.`],
      [context.code.evidence(importer.path, 1, Math.max(1, importLines.at(-1)?.index ?? 0) + 1)],
    );
  }
  // A package or module specifier, or a symbol by name.
  const quoted = new RegExp(`["'\`]${escapeRegExp(object)}(?:/[^"'\`]*)?["'\`]`);
  const byWord = importLines.filter(({ line }) => quoted.test(line) || findWord(line, object) >= 0);
  if (byWord.length > 0)
    return settled(
      true,
      [`${importer.path} imports ${object}.`],
      byWord.map(({ index }) => fileEvidence(index)),
    );
  if (findWord(text, object) >= 0 || text.includes(object))
    return unknown([`${importer.path} names ${object} but no import line does.`], [context.code.evidence(importer.path, 1)]);
  return settled(
    false,
    [`No import of ${importer.path} names ${object}, and its code does not mention it.`],
    importLines.length > 0 ? [context.code.evidence(importer.path, importLines[0]!.index + 1, importLines.at(-1)!.index + 1)] : [],
  );
}

/** The repository file an import claim names (a path, with or without its extension), or null. */

/** The repository file an import claim names (a path, with or without its extension), or null. */
async function importedFile(context: ClaimContext, object: string): Promise<string | null> {
  if (!object.includes('/') && !/\.[a-z]+$/i.test(object)) return null;
  const files = await context.code.files();
  const exact = files.find((file) => file.path === object);
  if (exact) return exact.path;
  const withExtension = files.filter(
    (file) => file.path.replace(/\.[^./]+$/, '') === object || file.path.replace(/\/index\.[^./]+$/, '') === object,
  );
  return withExtension.length === 1 ? withExtension[0]!.path : null;
}

function heritageClause(declaration: string, kind: 'extends' | 'implements' | string): string {
  const header = declaration.split('{')[0]!;
  const keyword = kind === 'extends' ? /\bextends\b([^]*?)(?:\bimplements\b|$)/ : /\bimplements\b([^]*)$/;
  const python = /^\s*class\s+\w+\s*\(([^)]*)\)/m.exec(header);
  return keyword.exec(header)?.[1] ?? (kind === 'extends' && python ? python[1]! : '');
}
