import type { CodeGraphRepository } from '@lore/graph';
import { type CallConfidence, type SymbolRef, fileUid } from '@lore/domain';
import type { ClaimVerdict, EvidenceSpan, Verdict } from '@lore/domain/schemas/documentation-trust';
import { type ParsedClaim, parseClaim } from './claim-parser';
import {
  awaitedType,
  claimedValue,
  compactType,
  declarationHeader,
  escapeRegExp,
  findWord,
  initializerOf,
  lineOfWord,
  linesContaining,
  literalValue,
  sameType,
} from './code-facts';
import { EXTRACTED_LANGUAGES, type RepositoryCode } from './repository-code';

/** What settling a claim found: a verdict for the claim as stated (before a denial flips it), evidence and reasons. */
interface Finding {
  holds: boolean | null;
  evidence: EvidenceSpan[];
  reasons: string[];
}

const STRONG: readonly CallConfidence[] = ['exact', 'import'];
const MAX_EVIDENCE = 5;
const NEIGHBOUR_LIMIT = 1000;

const unknown = (reasons: string[], evidence: EvidenceSpan[] = []): Finding => ({ holds: null, evidence, reasons });
const settled = (holds: boolean, reasons: string[], evidence: EvidenceSpan[]): Finding => ({ holds, evidence, reasons });

/**
 * Settles one claim about one repository from its graph and its code spans, deterministically. A
 * verdict is given only when the evidence settles it; a weak edge (matched by name, or ambiguous), a
 * name several symbols share, or code the graph does not model leaves it unknown, with the spans to
 * read. The claim's text is only ever matched against fixed shapes: it is data, never instructions.
 */
export class ClaimVerifier {
  private readonly checked: string[] = [];

  constructor(
    private readonly graph: CodeGraphRepository,
    private readonly code: RepositoryCode,
  ) {}

  async verify(claim: string): Promise<ClaimVerdict> {
    const parsed = parseClaim(claim);
    if (parsed === null) {
      return {
        claim,
        kind: null,
        verdict: 'unknown',
        judgedBy: 'graph',
        evidence: [],
        reasons: ['The claim has none of the shapes Lore settles (see docs/documentation-trust.md): nothing was checked.'],
        checked: [],
      };
    }
    const finding = await this.settle(parsed);
    const verdict: Verdict = finding.holds === null ? 'unknown' : finding.holds !== parsed.negated ? 'supported' : 'contradicted';
    return {
      claim,
      kind: parsed.kind,
      verdict,
      judgedBy: 'graph',
      evidence: dedupe(finding.evidence).slice(0, MAX_EVIDENCE),
      reasons: finding.reasons,
      checked: this.checked,
    };
  }

  private settle(claim: ParsedClaim): Promise<Finding> {
    switch (claim.kind) {
      case 'exists':
        return this.exists(claim);
      case 'exported':
        return this.exported(claim);
      case 'defined_in_file':
      case 'under_directory':
        return this.location(claim);
      case 'parameter_count':
      case 'has_parameter':
      case 'parameter_optional':
      case 'parameter_default':
      case 'is_async':
      case 'returns':
      case 'is_static':
      case 'visibility':
        return this.signature(claim);
      case 'calls':
      case 'called_by':
        return this.call(claim);
      case 'extends':
      case 'implements':
        return this.heritage(claim);
      case 'overrides':
        return this.overrides(claim);
      case 'imports':
        return this.imports(claim);
      case 'tested_by':
      case 'has_tests':
        return this.tests(claim);
      case 'contains_literal':
        return this.literal(claim);
      case 'constant_value':
        return this.constant(claim);
    }
  }

  private async symbols(name: string): Promise<SymbolRef[]> {
    this.checked.push(`symbols named ${name} in ${this.code.repositoryId}`);
    return this.code.symbolsNamed(name);
  }

  /** The one symbol a name denotes, or the finding that says why there is none. */
  private async one(name: string, kinds?: readonly SymbolRef['kind'][]): Promise<SymbolRef | Finding> {
    const named = await this.symbols(name);
    const fitting = kinds ? named.filter((symbol) => kinds.includes(symbol.kind)) : named;
    const pool = fitting.length > 0 ? fitting : named;
    if (pool.length === 1) return pool[0]!;
    if (pool.length === 0) return unknown([`No symbol named ${name} in ${this.code.repositoryId}.`]);
    return unknown(
      [`${pool.length} symbols are named ${name}: name one by its qualified name.`],
      pool.map((symbol) => this.code.symbolEvidence(symbol)),
    );
  }

  private async exists(claim: ParsedClaim): Promise<Finding> {
    const named = await this.symbols(claim.subject);
    if (named.length > 0) {
      return settled(
        true,
        [`${claim.subject} is declared in ${named[0]!.path}.`],
        named.map((symbol) => this.code.symbolEvidence(symbol)),
      );
    }
    const word = claim.subject.split('.').pop()!;
    this.checked.push(`the text of every code file for ${word}`);
    const { texts, complete } = await this.code.codeTexts();
    const occurrences = [...texts].flatMap(([path, text]) => {
      const line = lineOfWord(text, word);
      return line < 0 ? [] : [this.code.evidence(path, line + 1)];
    });
    if (occurrences.length > 0) {
      return unknown([`No declaration of ${claim.subject} is indexed, but ${word} appears in the code.`], occurrences);
    }
    if (!complete) return unknown([`No symbol named ${claim.subject}; not every file could be read to be sure.`]);
    return settled(false, [`No symbol named ${claim.subject} is declared, and no code file names ${word}.`], []);
  }

  private async exported(claim: ParsedClaim): Promise<Finding> {
    const symbol = await this.one(claim.subject);
    if (!isSymbol(symbol)) return symbol;
    this.checked.push(`the declaration of ${symbol.qualifiedName}`);
    const detail = await this.graph.getSymbolDetail(this.code.principal, symbol.uid, 1);
    const evidence = [this.code.symbolEvidence(symbol)];
    if (!detail) return unknown([`${symbol.qualifiedName} could not be read.`], evidence);
    if (detail.parent !== null)
      return unknown([`${symbol.qualifiedName} is a member: whether it is exported follows ${detail.parent.qualifiedName}.`], evidence);
    return settled(
      detail.symbol.exported,
      [`${symbol.qualifiedName} is ${detail.symbol.exported ? '' : 'not '}exported from ${symbol.path}.`],
      evidence,
    );
  }

  private async location(claim: ParsedClaim): Promise<Finding> {
    const named = await this.symbols(claim.subject);
    const where = claim.object!.replace(/\/$/, '');
    if (named.length === 0) return unknown([`No symbol named ${claim.subject} in ${this.code.repositoryId}.`]);
    const evidence = named.map((symbol) => this.code.symbolEvidence(symbol));
    this.checked.push(`the files and directories of ${this.code.repositoryId}`);
    const asDirectory =
      claim.kind === 'under_directory' || ((await this.code.file(where)) === null && (await this.code.isDirectory(where)));
    const inside = named.filter((symbol) =>
      asDirectory ? symbol.path.startsWith(`${where}/`) : symbol.path === where || symbol.path.endsWith(`/${where}`),
    );
    const paths = [...new Set(named.map((symbol) => symbol.path))].join(', ');
    if (inside.length > 0) {
      return settled(
        true,
        [`${claim.subject} is declared in ${inside[0]!.path}.`],
        inside.map((symbol) => this.code.symbolEvidence(symbol)),
      );
    }
    if (!asDirectory) {
      const file = await this.code.file(where);
      const matching = (await this.code.files()).filter((candidate) => candidate.path.endsWith(`/${where}`));
      const files = file ? [file] : matching;
      if (files.some((candidate) => !EXTRACTED_LANGUAGES.has(candidate.language))) {
        return unknown([`${where} is a file whose declarations Lore does not read.`], evidence);
      }
    }
    return settled(false, [`${claim.subject} is declared in ${paths}, not ${asDirectory ? 'under ' : 'in '}${where}.`], evidence);
  }

  private async signature(claim: ParsedClaim): Promise<Finding> {
    const symbol = await this.one(claim.subject, ['function', 'method', 'property', 'variable']);
    if (!isSymbol(symbol)) return symbol;
    const evidence = [this.code.symbolEvidence(symbol)];
    this.checked.push(`the declaration of ${symbol.qualifiedName} in ${symbol.path}`);
    const text = await this.code.symbolText(symbol);
    const file = await this.code.file(symbol.path);
    const language = file?.language ?? '';
    const header = text === null ? null : declarationHeader(text, symbol.name, language);
    if (header === null) return unknown([`The declaration of ${symbol.qualifiedName} could not be read as a function header.`], evidence);
    const names = header.parameters.map((parameter) => parameter.name);
    const allNamed = names.every((name) => name !== null);
    const parameter = header.parameters.find((candidate) => candidate.name === claim.object);
    const isScript = language === 'typescript' || language === 'javascript';
    switch (claim.kind) {
      case 'parameter_count': {
        if (header.parameters.some((candidate) => candidate.rest))
          return unknown([`${symbol.qualifiedName} takes a rest parameter.`], evidence);
        const count = header.parameters.length;
        return settled(
          count === Number(claim.value),
          [`${symbol.qualifiedName} takes ${count} parameter${count === 1 ? '' : 's'}${allNamed ? `: ${names.join(', ')}` : ''}.`],
          evidence,
        );
      }
      case 'has_parameter':
        if (parameter) return settled(true, [`${symbol.qualifiedName} has a parameter ${claim.object}.`], evidence);
        if (!allNamed) return unknown([`Not every parameter of ${symbol.qualifiedName} has a name to compare.`], evidence);
        return settled(false, [`The parameters of ${symbol.qualifiedName} are ${names.join(', ') || 'none'}.`], evidence);
      case 'parameter_optional':
        if (parameter)
          return settled(
            parameter.optional,
            [`${claim.object} of ${symbol.qualifiedName} is ${parameter.optional ? '' : 'not '}optional.`],
            evidence,
          );
        if (!allNamed) return unknown([`Not every parameter of ${symbol.qualifiedName} has a name to compare.`], evidence);
        return settled(
          false,
          [`${symbol.qualifiedName} has no parameter ${claim.object}: its parameters are ${names.join(', ') || 'none'}.`],
          evidence,
        );
      case 'parameter_default':
        return this.parameterDefault(claim, symbol, text!, parameter ?? null, allNamed, names, evidence);
      case 'is_async': {
        if (header.modifiers.includes('async')) return settled(true, [`${symbol.qualifiedName} is declared async.`], evidence);
        if (!isScript && language !== 'python') return unknown([`${language} has no async declarations to check.`], evidence);
        if (header.returnType !== null && awaitedType(header.returnType) !== null) {
          return unknown([`${symbol.qualifiedName} is not declared async but returns ${header.returnType}.`], evidence);
        }
        if (header.returnType === null && isScript)
          return unknown([`${symbol.qualifiedName} is not declared async and declares no return type.`], evidence);
        return settled(
          false,
          [`${symbol.qualifiedName} is not declared async${header.returnType ? ` and returns ${header.returnType}` : ''}.`],
          evidence,
        );
      }
      case 'returns':
        return this.returns(claim, symbol, header.returnType, evidence);
      case 'is_static':
        if (header.modifiers.includes('static')) return settled(true, [`${symbol.qualifiedName} is declared static.`], evidence);
        if (symbol.kind !== 'method' || !(isScript || language === 'java'))
          return unknown([`${symbol.qualifiedName} is not a method of a class.`], evidence);
        return settled(false, [`${symbol.qualifiedName} is an instance method (not declared static).`], evidence);
      case 'visibility': {
        if (!(isScript || language === 'java') || (symbol.kind !== 'method' && symbol.kind !== 'property')) {
          return unknown([`Visibility of ${symbol.qualifiedName} is not declared in its ${language} code.`], evidence);
        }
        const declared = ['private', 'protected', 'public'].find((modifier) => header.modifiers.includes(modifier));
        const visibility = declared ?? (isScript ? 'public' : 'package-private');
        return settled(
          visibility === claim.value,
          [`${symbol.qualifiedName} is ${visibility}${declared ? '' : ' (no modifier)'}.`],
          evidence,
        );
      }
      default:
        return unknown(['Not a signature claim.'], evidence);
    }
  }

  private parameterDefault(
    claim: ParsedClaim,
    symbol: SymbolRef,
    text: string,
    parameter: { name: string | null; defaultValue: string | null } | null,
    allNamed: boolean,
    names: (string | null)[],
    evidence: EvidenceSpan[],
  ): Finding {
    const wanted = claimedValue(claim.value!);
    if (parameter && parameter.defaultValue !== null) {
      const declared = literalValue(parameter.defaultValue);
      if (declared === null) {
        return compactType(parameter.defaultValue) === compactType(claim.value!)
          ? settled(true, [`${claim.object} defaults to ${parameter.defaultValue}.`], evidence)
          : unknown([`${claim.object} defaults to the expression ${parameter.defaultValue}.`], evidence);
      }
      return settled(declared === wanted, [`${claim.object} of ${symbol.qualifiedName} defaults to ${parameter.defaultValue}.`], evidence);
    }
    // A default applied in the body (`code ?? 'x'`, `options.timeout = 5000`), or a destructured option.
    const applied = [
      ...text.matchAll(new RegExp(`(?<![\\w$])${escapeRegExp(claim.object!)}\\s*(?:\\?\\?|\\|\\||=(?!=))\\s*([^;,)\\n]+)`, 'g')),
    ].map((match) => ({
      value: match[1]!.trim(),
      line: text.slice(0, match.index).split('\n').length - 1,
    }));
    const initializer = initializerOf(text, claim.object!);
    const matching = [...applied, ...(initializer ? [initializer] : [])].find((candidate) => literalValue(candidate.value) === wanted);
    if (matching) {
      const line = symbol.startLine + matching.line;
      return settled(
        true,
        [`${claim.object} is given ${matching.value} when not passed.`],
        [this.code.evidence(symbol.path, line), ...evidence],
      );
    }
    if (!parameter && allNamed && !initializer && applied.length === 0) {
      return settled(
        false,
        [`${symbol.qualifiedName} has no parameter or option ${claim.object}: its parameters are ${names.join(', ') || 'none'}.`],
        evidence,
      );
    }
    return unknown([`No default of ${claim.object} equal to ${claim.value} is visible in ${symbol.qualifiedName}.`], evidence);
  }

  private async returns(claim: ParsedClaim, symbol: SymbolRef, returnType: string | null, evidence: EvidenceSpan[]): Promise<Finding> {
    const claimed = claim.value!;
    if (returnType === null) return unknown([`${symbol.qualifiedName} declares no return type.`], evidence);
    // A type predicate (`value is T`, `asserts value`) returns a boolean, or nothing: only those are compared.
    if (/^(?:asserts\s+)?[\w$]+\s+is\s+/.test(returnType) || /^asserts\s/.test(returnType)) {
      const answers = /^asserts\s/.test(returnType) ? 'void' : 'boolean';
      if (compactType(claimed) === answers)
        return settled(true, [`${symbol.qualifiedName} returns ${returnType}, a ${answers}.`], evidence);
      return unknown([`${symbol.qualifiedName} returns the type predicate ${returnType}.`], evidence);
    }
    if (sameType(returnType, claimed)) return settled(true, [`${symbol.qualifiedName} returns ${returnType}.`], evidence);
    const awaited = awaitedType(returnType);
    const base = compactType(returnType).replace(/[<[].*$/, '');
    if (compactType(claimed) === base) return settled(true, [`${symbol.qualifiedName} returns ${returnType}.`], evidence);
    if (awaited !== null && sameType(awaited, claimed)) {
      return unknown([`${symbol.qualifiedName} returns ${returnType}: a promise of ${awaited}, not ${awaited} itself.`], evidence);
    }
    if (!/^[A-Za-z_$][\w$.]*(?:<[^\s]*>|\[\])*$/.test(compactType(claimed)) || /\s/.test(claimed.replace(/^(?:an?|the)\s+/i, ''))) {
      return unknown([`"${claimed}" is not a type to compare with ${returnType}.`], evidence);
    }
    // A type alias may name the claimed type under another name.
    const aliases = (await this.code.symbolsNamed(base)).filter((candidate) => candidate.kind === 'type');
    if (aliases.length > 0)
      return unknown(
        [`${symbol.qualifiedName} returns ${returnType}, a type alias.`],
        [...evidence, ...aliases.map((alias) => this.code.symbolEvidence(alias))],
      );
    return settled(false, [`${symbol.qualifiedName} returns ${returnType}.`], evidence);
  }

  private async call(claim: ParsedClaim): Promise<Finding> {
    const [callerName, calleeName] = claim.kind === 'calls' ? [claim.subject, claim.object!] : [claim.object!, claim.subject];
    const caller = await this.one(callerName);
    if (!isSymbol(caller)) return caller;
    const callees = await this.symbols(calleeName);
    if (callees.length === 0)
      return unknown(
        [`No symbol named ${calleeName} in ${this.code.repositoryId}: a call into code Lore does not index is not in the graph.`],
        [this.code.symbolEvidence(caller)],
      );
    this.checked.push(`the calls of ${caller.qualifiedName}`);
    const detail = await this.graph.getSymbolDetail(this.code.principal, caller.uid, NEIGHBOUR_LIMIT);
    const calleeUids = new Set(callees.map((callee) => callee.uid));
    const edges = (detail?.calls ?? []).filter((edge) => calleeUids.has(edge.symbol.uid));
    const strong = edges.filter((edge) => STRONG.includes(edge.confidence));
    const siteEvidence = (list: typeof edges) =>
      list.flatMap((edge) => [this.code.evidence(caller.path, edge.line), this.code.symbolEvidence(edge.symbol)]);
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
    const text = await this.code.symbolText(caller);
    const calleeWord = callees[0]!.name;
    if (text === null || findWord(text, calleeWord) >= 0 || callees.some((callee) => callee.name !== calleeWord)) {
      return unknown(
        [`${caller.qualifiedName} names ${calleeWord} but no resolved call to it is in the graph.`],
        [this.code.symbolEvidence(caller), ...callees.map((callee) => this.code.symbolEvidence(callee))],
      );
    }
    return settled(
      false,
      [`${caller.qualifiedName} has no call to ${calleeName}, and its code does not name ${calleeWord}.`],
      [this.code.symbolEvidence(caller)],
    );
  }

  private async heritage(claim: ParsedClaim): Promise<Finding> {
    const subclass = await this.one(claim.subject, ['class', 'interface']);
    if (!isSymbol(subclass)) return subclass;
    const bases = (await this.symbols(claim.object!)).filter((symbol) => symbol.kind === 'class' || symbol.kind === 'interface');
    const evidence = [this.code.symbolEvidence(subclass)];
    const clause = heritageClause((await this.code.symbolText(subclass)) ?? '', claim.kind);
    if (bases.length === 0) {
      // A base Lore does not index (a library's, the language's): the declaration itself names it or not.
      const word = claim.object!.split('.').pop()!;
      if (findWord(clause, word) >= 0)
        return settled(true, [`${subclass.qualifiedName}'s declaration ${claim.kind} ${claim.object}.`], evidence);
      return unknown([`No class or interface named ${claim.object} in ${this.code.repositoryId}.`], evidence);
    }
    this.checked.push(`the EXTENDS and IMPLEMENTS edges above ${subclass.qualifiedName}`);
    const baseUids = new Set(bases.map((base) => base.uid));
    // Walk up from the subclass: a claim holds through a chain (A extends B extends C: A extends C).
    let frontier = [{ uid: subclass.uid, viaImplements: false }];
    const seen = new Set([subclass.uid]);
    let weak = false;
    for (let depth = 0; depth < 8 && frontier.length > 0; depth++) {
      const edges = await this.graph.findNeighbors(
        this.code.principal,
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
              [
                `${subclass.qualifiedName} ${claim.kind} ${node.qualifiedName ?? node.name}${depth > 0 ? ' through its base classes' : ''}.`,
              ],
              [...evidence, this.code.evidence(node.path, node.startLine ?? 1, node.endLine ?? 1)],
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

  private async overrides(claim: ParsedClaim): Promise<Finding> {
    const member = await this.one(claim.subject, ['method', 'property']);
    if (!isSymbol(member)) return member;
    const overridden = (await this.symbols(claim.object!)).filter((symbol) => symbol.kind === 'method' || symbol.kind === 'property');
    const evidence = [this.code.symbolEvidence(member)];
    if (overridden.length === 0) return unknown([`No method named ${claim.object} in ${this.code.repositoryId}.`], evidence);
    if (overridden.every((symbol) => symbol.name !== member.name)) {
      return settled(
        false,
        [`${member.qualifiedName} and ${claim.object} have different names: a member overrides only its namesake.`],
        evidence,
      );
    }
    this.checked.push(`the members that ${claim.object} is overridden by`);
    const dependents = await this.graph.findDependents(
      this.code.principal,
      overridden.map((symbol) => symbol.uid),
      ['exact', 'import'],
      NEIGHBOUR_LIMIT,
    );
    const found = dependents.find((edge) => edge.type === 'OVERRIDES' && !edge.reversed && edge.symbol.uid === member.uid);
    if (found) {
      const base = overridden.find((symbol) => symbol.uid === found.via)!;
      return settled(true, [`${member.qualifiedName} overrides ${base.qualifiedName}.`], [...evidence, this.code.symbolEvidence(base)]);
    }
    return unknown(
      [`No override of ${claim.object} by ${member.qualifiedName} is in the graph.`],
      [...evidence, ...overridden.map((symbol) => this.code.symbolEvidence(symbol))],
    );
  }

  private async imports(claim: ParsedClaim): Promise<Finding> {
    const importer = await this.code.file(claim.subject);
    if (importer === null) return unknown([`No file ${claim.subject} in ${this.code.repositoryId}.`]);
    this.checked.push(`the imports of ${importer.path}`);
    const text = (await this.code.text(importer.path)) ?? '';
    const importLines = text
      .split('\n')
      .map((line, index) => ({ line, index }))
      .filter(({ line }) => /\bimport\b|\brequire\s*\(|^\s*from\s+\S+\s+import\b|^\s*"[^"]+"\s*$/.test(line));
    const object = claim.object!;
    const fileEvidence = (index: number) => this.code.evidence(importer.path, index + 1);
    const imported = await this.importedFile(object);
    if (imported !== null) {
      const importers = await this.graph.findImporters(
        this.code.principal,
        [fileUid(this.code.principal.tenantId, this.code.repositoryId, imported)],
        NEIGHBOUR_LIMIT,
      );
      this.checked.push(`the files importing ${imported}`);
      const stem = imported
        .replace(/\.[^./]+$/, '')
        .split('/')
        .pop()!;
      const lines = importLines.filter(({ line }) => line.includes(stem));
      if (importers.some((edge) => edge.path === importer.path && edge.repositoryId === this.code.repositoryId)) {
        return settled(
          true,
          [`${importer.path} imports ${imported}.`],
          lines.length > 0 ? lines.map(({ index }) => fileEvidence(index)) : [this.code.evidence(importer.path, 1)],
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
        [this.code.evidence(importer.path, 1, Math.max(1, importLines.at(-1)?.index ?? 0) + 1)],
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
      return unknown([`${importer.path} names ${object} but no import line does.`], [this.code.evidence(importer.path, 1)]);
    return settled(
      false,
      [`No import of ${importer.path} names ${object}, and its code does not mention it.`],
      importLines.length > 0 ? [this.code.evidence(importer.path, importLines[0]!.index + 1, importLines.at(-1)!.index + 1)] : [],
    );
  }

  /** The repository file an import claim names (a path, with or without its extension), or null. */
  private async importedFile(object: string): Promise<string | null> {
    if (!object.includes('/') && !/\.[a-z]+$/i.test(object)) return null;
    const files = await this.code.files();
    const exact = files.find((file) => file.path === object);
    if (exact) return exact.path;
    const withExtension = files.filter(
      (file) => file.path.replace(/\.[^./]+$/, '') === object || file.path.replace(/\/index\.[^./]+$/, '') === object,
    );
    return withExtension.length === 1 ? withExtension[0]!.path : null;
  }

  private async tests(claim: ParsedClaim): Promise<Finding> {
    const symbol = await this.one(claim.subject);
    if (!isSymbol(symbol)) return symbol;
    this.checked.push(`the tests of ${symbol.qualifiedName}`);
    const tests = await this.graph.findTestsFor(this.code.principal, [symbol.uid]);
    const evidence = [this.code.symbolEvidence(symbol)];
    if (claim.kind === 'has_tests') {
      if (tests.length > 0) {
        return settled(
          true,
          [
            `${tests.length} test${tests.length === 1 ? '' : 's'} exercise ${symbol.qualifiedName}: ${tests.map((test) => test.test.qualifiedName).join('; ')}.`,
          ],
          tests.map((test) => this.code.symbolEvidence(test.test)),
        );
      }
      this.checked.push(`the test files for ${symbol.name}`);
      const mentions = await this.mentionsInTests(symbol.name);
      if (mentions.length > 0)
        return unknown(
          [`No test reaches ${symbol.qualifiedName} in the graph, but test files name ${symbol.name}.`],
          [...evidence, ...mentions],
        );
      return settled(false, [`No test reaches ${symbol.qualifiedName}, and no test file names ${symbol.name}.`], evidence);
    }
    const wanted = claim.object!;
    const matches = tests.filter(
      ({ test }) =>
        test.qualifiedName === wanted ||
        test.name === wanted ||
        test.qualifiedName.startsWith(`${wanted} > `) ||
        test.path === wanted ||
        test.path.endsWith(`/${wanted}`),
    );
    if (matches.length > 0) {
      return settled(
        true,
        [`${matches[0]!.test.qualifiedName} tests ${symbol.qualifiedName} (${matches[0]!.via}).`],
        [...matches.map((test) => this.code.symbolEvidence(test.test)), ...evidence],
      );
    }
    const files = (await this.code.files()).filter((file) => file.path === wanted || file.path.endsWith(`/${wanted}`));
    const testSymbols = files.length > 0 ? [] : (await this.code.symbolsNamed(wanted)).filter((candidate) => candidate.kind === 'test');
    const spans = [
      ...files.map((file) => ({ path: file.path, text: this.code.text(file.path), start: 1 })),
      ...testSymbols.map((test) => ({ path: test.path, text: this.code.symbolText(test), start: test.startLine })),
    ];
    if (spans.length === 0) return unknown([`No test or test file named ${wanted} in ${this.code.repositoryId}.`], evidence);
    for (const span of spans) {
      const text = await span.text;
      if (text === null || findWord(text, symbol.name) >= 0) {
        return unknown(
          [`${span.path} names ${symbol.name}, but no TESTS edge joins them.`],
          [...evidence, this.code.evidence(span.path, span.start)],
        );
      }
    }
    return settled(
      false,
      [`${wanted} does not exercise ${symbol.qualifiedName}: no TESTS edge, and its code does not name ${symbol.name}.`],
      [...evidence, ...testSymbols.map((test) => this.code.symbolEvidence(test))],
    );
  }

  private async mentionsInTests(word: string): Promise<EvidenceSpan[]> {
    const found: EvidenceSpan[] = [];
    for (const path of await this.code.testFilePaths()) {
      const text = await this.code.text(path);
      if (text === null) {
        found.push(this.code.evidence(path, 1));
        continue;
      }
      const line = lineOfWord(text, word);
      if (line >= 0) found.push(this.code.evidence(path, line + 1));
    }
    return found;
  }

  /**
   * A constant the graph does not list (a module's unexported `const`): settled when the code
   * declares it exactly once (`const NAME = ...`, `NAME = ...` at the start of a line).
   */
  private async undeclaredConstant(claim: ParsedClaim): Promise<Finding | null> {
    this.checked.push(`the declarations of ${claim.subject} in every code file`);
    const { texts, complete } = await this.code.codeTexts();
    const pattern = new RegExp(
      `^[ \\t]*(?:(?:export|const|let|var|final|static|public|private|protected|readonly)\\s+)*(?:[\\w<>\\[\\]]+\\s+)?${escapeRegExp(claim.subject)}\\s*(?::[^=\\n]+)?=(?!=)`,
      'gm',
    );
    const declarations = [...texts].flatMap(([path, text]) =>
      [...text.matchAll(pattern)].map((match) => {
        const line = text.slice(0, match.index).split('\n').length - 1;
        const lineText = text.split('\n')[line]!;
        return { path, line: line + 1, initializer: initializerOf(lineText, claim.subject) };
      }),
    );
    if (declarations.length !== 1 || !complete) return null;
    const [declaration] = declarations as [(typeof declarations)[number]];
    const evidence = [this.code.evidence(declaration.path, declaration.line)];
    if (declaration.initializer === null) return unknown([`${claim.subject} is declared without a value on its line.`], evidence);
    const declared = literalValue(declaration.initializer.value);
    if (declared === null) return unknown([`${claim.subject} is the expression ${declaration.initializer.value}.`], evidence);
    return settled(
      declared === claimedValue(claim.value!),
      [`${claim.subject} is ${declaration.initializer.value} (${declaration.path}:${declaration.line}).`],
      evidence,
    );
  }

  private async literal(claim: ParsedClaim): Promise<Finding> {
    const symbol = await this.one(claim.subject);
    if (!isSymbol(symbol)) return symbol;
    this.checked.push(`the code of ${symbol.qualifiedName} for ${claim.value}`);
    const text = (await this.code.symbolText(symbol)) ?? '';
    const literal = claim.value!.replace(/^["'`]|["'`]$/g, '');
    const lines = /^-?\d+(?:\.\d+)?$/.test(literal)
      ? text.split('\n').flatMap((line, index) => (new RegExp(`(?<![\\w.])${escapeRegExp(literal)}(?![\\w.])`).test(line) ? [index] : []))
      : linesContaining(text, literal);
    if (lines.length > 0) {
      return settled(
        true,
        [`${symbol.qualifiedName} contains ${literal} at line ${symbol.startLine + lines[0]!}.`],
        lines.map((line) => this.code.evidence(symbol.path, symbol.startLine + line)),
      );
    }
    return unknown(
      [`${symbol.qualifiedName} does not contain ${literal} as written; it may come from a constant declared elsewhere.`],
      [this.code.symbolEvidence(symbol)],
    );
  }

  private async constant(claim: ParsedClaim): Promise<Finding> {
    const symbol = await this.one(claim.subject, ['variable', 'property', 'enum']);
    if (!isSymbol(symbol)) return (await this.undeclaredConstant(claim)) ?? symbol;
    this.checked.push(`the initializer of ${symbol.qualifiedName}`);
    const text = (await this.code.symbolText(symbol)) ?? '';
    const initializer = initializerOf(text, symbol.name);
    const evidence = [this.code.symbolEvidence(symbol)];
    if (initializer === null) return unknown([`${symbol.qualifiedName} has no initializer in its declaration.`], evidence);
    const declared = literalValue(initializer.value);
    const wanted = claimedValue(claim.value!);
    if (declared === null) {
      return compactType(initializer.value) === compactType(claim.value!)
        ? settled(true, [`${symbol.qualifiedName} is ${initializer.value}.`], evidence)
        : unknown([`${symbol.qualifiedName} is the expression ${initializer.value}.`], evidence);
    }
    return settled(declared === wanted, [`${symbol.qualifiedName} is ${initializer.value}.`], evidence);
  }
}

function heritageClause(declaration: string, kind: 'extends' | 'implements' | string): string {
  const header = declaration.split('{')[0]!;
  const keyword = kind === 'extends' ? /\bextends\b([^]*?)(?:\bimplements\b|$)/ : /\bimplements\b([^]*)$/;
  const python = /^\s*class\s+\w+\s*\(([^)]*)\)/m.exec(header);
  return keyword.exec(header)?.[1] ?? (kind === 'extends' && python ? python[1]! : '');
}

function isSymbol(value: SymbolRef | Finding): value is SymbolRef {
  return 'uid' in value;
}

function dedupe(evidence: EvidenceSpan[]): EvidenceSpan[] {
  const seen = new Set<string>();
  return evidence.filter((span) => !seen.has(span.uri) && seen.add(span.uri) !== undefined);
}
