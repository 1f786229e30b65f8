import { type ClaimContext, type Finding, NEIGHBOUR_LIMIT, isSymbol, settled } from './claim-findings';
import { declarationHeader, escapeRegExp, findWord } from './code-facts';

// Claims as prose states them, settled only towards "supported": a member a class no longer has,
// and a return type named by a noun ("returns a sorted slice of child commands").

/** How many base classes above a class are read for a member. */
const MAX_BASE_DEPTH = 8;
/** Example programs and docs beside the code: their declarations are not the repository's API (click's examples/…/cli.py `pass_environment`). */
const EXAMPLE_PATH = /(?:^|\/)(?:examples?|samples?|demos?|docs?|_examples?)\//;
/** A return described under a condition ("returns an error if …") is behaviour, not a type. */
const CONDITION = /\b(?:if|when|unless|whether|once|until)\b/i;

/** A class or one of its bases, where its lines are. */
interface Declaration {
  uid: string;
  qualifiedName: string;
  path: string;
  startLine: number;
  endLine: number;
}

/**
 * `Owner.member` is in neither the class nor any base class above it: no declaration and no text of
 * theirs names the member. Null (nothing settled) when the owner is not one class, a base was matched
 * by name only, or a declaration names a base the graph did not resolve.
 */
export async function memberAbsence(context: ClaimContext, owner: string, member: string): Promise<Finding | null> {
  const start = await context.one(owner, ['class', 'interface']);
  if (!isSymbol(start) || (start.kind !== 'class' && start.kind !== 'interface')) return null;
  context.checked.push(`${start.qualifiedName} and its base classes for ${member}`);
  const chain: Declaration[] = [start];
  let frontier = [start.uid];
  const seen = new Set(frontier);
  const withBases = new Set<string>();
  for (let depth = 0; depth < MAX_BASE_DEPTH && frontier.length > 0; depth++) {
    const edges = await context.graph.findNeighbors(context.code.principal, frontier, {
      types: ['EXTENDS', 'IMPLEMENTS'],
      outgoing: true,
      incoming: false,
      limit: NEIGHBOUR_LIMIT,
    });
    const next: string[] = [];
    for (const { via, node, edge } of edges) {
      if (edge.from !== via) continue;
      if (seen.has(node.uid)) {
        withBases.add(via);
        continue;
      }
      if (edge.confidence === 'name' || edge.confidence === 'ambiguous') return null;
      withBases.add(via);
      seen.add(node.uid);
      next.push(node.uid);
      if (node.startLine === undefined || node.endLine === undefined || node.startLine === null || node.endLine === null) return null;
      chain.push({
        uid: node.uid,
        qualifiedName: node.qualifiedName ?? node.name,
        path: node.path,
        startLine: node.startLine,
        endLine: node.endLine,
      });
    }
    frontier = next;
  }
  for (const symbol of chain) {
    const text = await context.code.lines(symbol.path, symbol.startLine, symbol.endLine);
    if (text === null || findWord(text, member) >= 0) return null;
    // A declaration naming a base (`extends X`, `class X(Base)`) whose class the chain lacks: the member may be there.
    const header = withoutTypeParameters(text.split(/[{:]\s*$/m)[0]!);
    const namesBase = /\bextends\b|\bimplements\b/.test(header) || /^\s*class\s+\w+\s*\(\s*\w/m.test(header);
    if (namesBase && !withBases.has(symbol.uid)) return null;
  }
  return settled(
    false,
    [
      `${start.qualifiedName}${chain.length > 1 ? ` and its ${chain.length - 1} base type${chain.length === 2 ? '' : 's'}` : ''} declare no ${member}, and their code does not name it.`,
    ],
    chain.map((symbol) => context.code.evidence(symbol.path, symbol.startLine, symbol.endLine)),
  );
}

/**
 * A name the graph does not declare but the code does, in a declaration the extractor leaves out: a
 * package-level `var X = …` / `const X …` / Python `X = …` at the start of a line (Go's, JavaScript's,
 * Python's module variables), or `Owner.m` assigned as `self.m =` / `this.m =` in the class's own
 * code (a Python attribute). Tests and example programs are not read; a local (indented) declaration is not one.
 */
export async function textDeclaration(context: ClaimContext, name: string): Promise<Finding | null> {
  const dot = name.lastIndexOf('.');
  if (dot >= 0) {
    const owner = await context.one(name.slice(0, dot), ['class']);
    if (!isSymbol(owner) || owner.kind !== 'class' || EXAMPLE_PATH.test(owner.path)) return null;
    const member = escapeRegExp(name.slice(dot + 1));
    const lines = ((await context.code.symbolText(owner)) ?? '').split('\n');
    const at = lines.findIndex((line) => new RegExp(`^\\s*(?:self|this)\\.${member}\\s*(?::[^=]*)?=(?!=)`).test(line));
    if (at < 0) return null;
    return settled(
      true,
      [`${name} is assigned in ${owner.qualifiedName} (${owner.path}:${owner.startLine + at}).`],
      [context.code.evidence(owner.path, owner.startLine + at)],
    );
  }
  const declaration = new RegExp(
    `^(?:export\\s+)?(?:(?:var|const|let)\\s+${escapeRegExp(name)}\\b(?!\\s*\\()|${escapeRegExp(name)}\\s*(?::[^=]*)?=(?!=))`,
  );
  context.checked.push(`package-level declarations of ${name} in the code files`);
  const { texts } = await context.code.codeTexts();
  const found = [...texts].flatMap(([path, text]) => {
    if (context.code.isTestPath(path) || EXAMPLE_PATH.test(path)) return [];
    const line = text.split('\n').findIndex((each) => declaration.test(each));
    return line < 0 ? [] : [{ path, line: line + 1 }];
  });
  if (found.length === 0) return null;
  return settled(
    true,
    [`${name} is declared at ${found[0]!.path}:${found[0]!.line}, a declaration the graph does not list.`],
    found.map(({ path, line }) => context.code.evidence(path, line)),
  );
}

/**
 * The noun a prose return names ("command context", "a sorted slice of child commands") against the
 * declared return type: the type's own name (`context.Context`, `Context<T>`) or, for a slice, list
 * or array, its element's (`[]*Command`, `list[Command]`, `Command[]`). Only ever supported.
 */
export async function proseReturn(context: ClaimContext, subject: string, phrase: string): Promise<Finding | null> {
  if (CONDITION.test(phrase) || /\b(?:to|from|for|with|in|on|by)\b/i.test(phrase)) return null;
  const listed = /(?:^|\s)(slice|list|array|sequence|tuple)\s+of\s+(?:[a-z-]+\s+)*([a-z]+)$/i.exec(phrase.trim());
  const single = /^(?:an?\s+|the\s+)?(?:[a-z-]+\s+)*([a-z]+)$/i.exec(phrase.trim());
  if (!listed && !single) return null;
  const collection = listed?.[1] ?? null;
  const wanted = listed ? listed[2]!.toLowerCase().replace(/s$/, '') : single![1]!.toLowerCase();
  const symbol = await context.one(subject, ['function', 'method']);
  if (!isSymbol(symbol)) return null;
  const text = await context.code.symbolText(symbol);
  const language = (await context.code.file(symbol.path))?.language ?? '';
  const returnType = text === null ? null : (declarationHeader(text, symbol.name, language)?.returnType ?? null);
  if (returnType === null) return null;
  const compact = returnType.replace(/\s+/g, '');
  const element =
    collection !== null
      ? (/^\[\]\*?([\w.]+)$/.exec(compact)?.[1] ??
        /^(?:list|List|Sequence|tuple|Array|ReadonlyArray)[[<]([\w.]+)[\]>]$/.exec(compact)?.[1] ??
        /^([\w.]+)\[\]$/.exec(compact)?.[1])
      : /^\*?([\w.]+)(?:<.*>|\[.*\])?$/.exec(compact)?.[1];
  if (element === undefined || element.split('.').pop()!.toLowerCase() !== wanted) return null;
  return settled(
    true,
    [`${symbol.qualifiedName} returns ${returnType}: ${collection !== null ? `a ${collection} of ${element}` : element}.`],
    [context.code.symbolEvidence(symbol)],
  );
}

/** A declaration header without its type parameters: `class Hono<E extends Env> extends Base` → `class Hono extends Base`. */
function withoutTypeParameters(header: string): string {
  let stripped = header;
  for (let previous = ''; previous !== stripped;) {
    previous = stripped;
    stripped = stripped.replace(/<[^<>]*>/g, '');
  }
  return stripped;
}
