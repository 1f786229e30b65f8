import { type ParsedClaim, symbolName } from './claim-parser';

/**
 * Sentences as documentation writes them, read as the claims of the fixed shapes they make
 * (claim-parser.ts reads only those shapes). A doc recommends code ("Use `getCookie()` instead",
 * "`RunE` can be used", "using the `Args` field of `Command`"), retires it ("`c.jsonT()` is
 * obsolete", "You can't use `StaticRouter`"), or relates it ("X is the same as Y(), but …",
 * "`Result` - returned from `CliRunner.invoke`"). Each reading says how far its claims may decide:
 * a retirement or a likeness is only ever supported (a name still in the code may be deprecated, not
 * gone; a function may be "the same as" another without calling it), and a recommended name the code
 * lacks contradicts the sentence only when the code declares that name in another spelling.
 */
export interface SentenceClaim {
  claim: ParsedClaim;
  /** How a verdict against the claim is taken: `settles` as given, `supports` never contradicts, `names` contradicts only beside a near name. */
  reading: 'settles' | 'supports' | 'names';
  /** A `v.m` whose `v` is a variable no context names (`c.json()`): any member named m answers for it. */
  anyOwner: boolean;
}

export interface SentenceReading {
  /** The sentence with its markup reduced to backticked names. */
  plain: string;
  /** Which shape read it, for the reasons. */
  shape: string;
  claims: SentenceClaim[];
}

const CODE = '`([^`]+)`';
const NAME_PATTERN = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;
/** A sentence that denies or forbids is never read as recommending what it names. */
const DENIAL = /\b(?:not|never|no longer|cannot|can't|don't|doesn't|obsolete|deprecated|removed)\b/i;

/**
 * Sphinx and MyST roles (`{class}\`X\``, `:func:\`~X\``, a title and its target `{class}\`T <X>\``),
 * JSDoc links (`{@link X}`) and reST literals (` ``x`` `) as plain backticked names.
 */
export function plainSentence(sentence: string): string {
  return sentence
    .replace(/\{@link\s+([^}\s|]+)[^}]*\}/g, '`$1`')
    .replace(/(?:\{[a-z]+\}|:[a-z]+:)`(?:[^`<]*<([^`>]+)>|[~!]?([^`]+))`/g, (_, target?: string, name?: string) => `\`${target ?? name}\``)
    .replace(/``([^`]+)``/g, '`$1`')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.:!;]+$/, '')
    .trim();
}

/** A code name as a mention writes it: `getCookie()`, `cmd.SetErrPrefix(s string)`, `~Context.params`; null for a path, a flag, a literal. */
export function mentionedName(code: string): string | null {
  // `.req`: a member as a chained call writes it, owned by whatever declares it.
  const name = symbolName(code.trim().replace(/\(.*\)$/s, '')).replace(/^\./, 'this.');
  return NAME_PATTERN.test(name) ? name : null;
}

interface Shape {
  name: string;
  pattern: RegExp;
  /** The claims a match makes, or null when its names are not code names. */
  claims: (match: RegExpMatchArray, label: string | null) => SentenceClaim[] | null;
}

/** The names of a match's groups (in order), each a code name or the whole match fails. */
function names(match: RegExpMatchArray, label: string | null): { name: string; anyOwner: boolean }[] | null {
  const found: { name: string; anyOwner: boolean }[] = [];
  for (const group of match.slice(1)) {
    if (group === undefined) continue;
    const name = mentionedName(group);
    if (name === null) return null;
    found.push(ownedName(name, label));
  }
  return found.length > 0 ? found : null;
}

/**
 * `c.jsonT` under the label `Context -` is `Context.jsonT`; a lower-case first part no label names is
 * a variable (`app.fetch`, `cmd.SetErrPrefix`): the member alone, owned by whatever declares it.
 */
function ownedName(name: string, label: string | null): { name: string; anyOwner: boolean } {
  const parts = name.split('.');
  if (parts.length < 2 || !/^[a-z]/.test(parts[0]!)) return { name, anyOwner: false };
  const member = parts.slice(1).join('.');
  return label === null ? { name: member, anyOwner: true } : { name: `${label}.${member}`, anyOwner: false };
}

const exists = (subject: string, negated: boolean): ParsedClaim => ({ kind: 'exists', subject, object: null, value: null, negated });
const relation = (kind: 'calls' | 'returns', subject: string, other: string): ParsedClaim => ({
  kind,
  subject,
  object: kind === 'calls' ? other : null,
  value: kind === 'returns' ? other : null,
  negated: false,
});

const recommended =
  (reading: SentenceClaim['reading'] = 'names') =>
  (match: RegExpMatchArray, label: string | null): SentenceClaim[] | null =>
    names(match, label)?.map(({ name, anyOwner }) => ({ claim: exists(name, false), reading, anyOwner })) ?? null;

/** A sentence naming a function and the type it returns, the two names in the order the pattern captures them. */
const returns =
  (order: 'function first' | 'type first', reading: SentenceClaim['reading']) =>
  (match: RegExpMatchArray, label: string | null): SentenceClaim[] | null => {
    const found = names(match, label);
    if (found === null) return null;
    const [fn, type] = order === 'function first' ? [found[0]!, found[1]!] : [found[1]!, found[0]!];
    return [{ claim: relation('returns', fn.name, type.name), reading, anyOwner: fn.anyOwner }];
  };

/** Tried in order on the plain sentence; the first that matches reads it. */
const SHAPES: Shape[] = [
  {
    name: 'retired',
    pattern: new RegExp(
      `^${CODE}(?:(?:,\\s*|,?\\s+and\\s+)${CODE})*\\s+(?:is|are)\\s+(?:obsolete|no\\s+longer\\s+(?:used|available))$`,
      'i',
    ),
    claims: (match, label) => {
      // Every name of the list, not only the regex's last repetition.
      const listed = [...match[0].matchAll(/`([^`]+)`/g)].map((each) => mentionedName(each[1]!));
      if (listed.some((name) => name === null)) return null;
      return listed.map((name) => ({ claim: exists(ownedName(name!, label).name, true), reading: 'supports', anyOwner: false }));
    },
  },
  {
    name: 'retired',
    pattern: new RegExp(`^you\\s+(?:can't|cannot|can\\s+not)\\s+use\\s+${CODE}(?:\\s+any\\s*more)?$`, 'i'),
    claims: (match, label) =>
      names(match, label)?.map(({ name }) => ({ claim: exists(name, true), reading: 'supports', anyOwner: false })) ?? null,
  },
  { name: 'recommended', pattern: new RegExp(`^use\\s+${CODE}(?:\\s+in\\s+\`[^\`]+\`)?\\s+instead$`, 'i'), claims: recommended() },
  {
    name: 'recommended',
    pattern: new RegExp(
      `(?:^|,\\s*)(?:then\\s+)?(?:you\\s+can\\s+)?use\\s+(?:the\\s+)?${CODE}(?:\\s+or\\s+${CODE})?(?:\\s+(?:methods?|functions?|decorators?|classes))?$`,
      'i',
    ),
    claims: recommended(),
  },
  { name: 'recommended', pattern: new RegExp(`(?:^|,\\s*)${CODE}\\s+can\\s+be\\s+used$`, 'i'), claims: recommended() },
  {
    name: 'recommended',
    pattern: new RegExp(
      `\\busing\\s+(?:the\\s+)?${CODE}(?:\\s+(?:field|element|attribute|property|function|method|option)\\s+of\\s+(?:the\\s+)?${CODE})?`,
      'i',
    ),
    claims: (match, label) => {
      const [member, owner] = [match[1]!, match[2]];
      const memberName = mentionedName(member);
      if (memberName === null) return null;
      const ownerName = owner === undefined ? null : mentionedName(owner);
      if (owner !== undefined && ownerName === null) return null;
      const { name, anyOwner } = ownedName(ownerName === null ? memberName : `${ownerName}.${memberName}`, label);
      return [{ claim: exists(name, false), reading: 'names', anyOwner }];
    },
  },
  {
    name: 'recommended',
    pattern: new RegExp(`\\b(?:invoke|call)\\s+the\\s+${CODE}\\s+(?:method|function)\\s+yourself$`, 'i'),
    claims: recommended(),
  },
  {
    name: 'recommended',
    pattern: new RegExp(`\\bprovides\\s+an?\\s+${CODE}\\s+(?:function|class|method|decorator)\\b`, 'i'),
    claims: recommended(),
  },
  {
    name: 'recommended',
    pattern: new RegExp(`\\bthrough\\s+(?:the\\s+use\\s+of\\s+)?(?:the\\s+)?${CODE}(?:\\s+function)?(?:\\s|$)`, 'i'),
    claims: recommended(),
  },
  {
    name: 'recommended',
    pattern: new RegExp(`\\bhas\\s+an?\\s+${CODE}\\s+(?:attribute|field|property|method)\\b`, 'i'),
    claims: recommended(),
  },
  { name: 'recommended', pattern: new RegExp(`^set\\s+${CODE}\\s+(?:global\\s+)?variable\\s+to\\b`, 'i'), claims: recommended() },
  {
    name: 'typed',
    pattern: new RegExp(`^${CODE}\\s+(?:is|becomes)\\s+(?:the\\s+|an?\\s+)?(?:instance\\s+of\\s+)?${CODE}(?:,\\s+not\\s+${CODE})?$`, 'i'),
    claims: returns('function first', 'supports'),
  },
  {
    name: 'returned',
    pattern: new RegExp(`^${CODE}\\s+-\\s+returned\\s+(?:from|by)\\s+${CODE}$`, 'i'),
    claims: returns('type first', 'settles'),
  },
  {
    name: 'likeness',
    pattern: /^([A-Za-z_$][\w$.]*) is the same as ([A-Za-z_$][\w$.]*)\(\),? but\b/,
    claims: (match, label) => {
      const found = names(match, label);
      return found === null ? null : [{ claim: relation('calls', found[0]!.name, found[1]!.name), reading: 'supports', anyOwner: false }];
    },
  },
  {
    name: 'combination',
    pattern: new RegExp(
      `^the\\s+combination\\s+of\\s+${CODE}\\s+and\\s+${CODE}\\s+is\\s+(?:also\\s+)?available\\s+in\\s+a\\s+single\\s+function\\s+called\\s+${CODE}$`,
      'i',
    ),
    claims: (match, label) => {
      const found = names(match, label);
      if (found === null) return null;
      const [first, second, combined] = found as [(typeof found)[0], (typeof found)[0], (typeof found)[0]];
      return [first, second].map((part) => ({ claim: relation('calls', combined.name, part.name), reading: 'supports', anyOwner: false }));
    },
  },
];

/** The claims a documentation sentence makes in a shape above, or null when it has none. */
export function readSentence(sentence: string): SentenceReading | null {
  const whole = plainSentence(sentence);
  // "Context - `c.jsonT()` is obsolete": a list item's label; one word names the class its variables stand for.
  const labelled = /^(?<label>[A-Z][\w$.]*(?:\s+[A-Z][\w$.]*)*)\s+-\s+(?<rest>.+)$/.exec(whole);
  const label = labelled && !/\s/.test(labelled.groups!.label!) ? labelled.groups!.label! : null;
  const plain = labelled ? labelled.groups!.rest! : whole.replace(/^(?:moreover|also|then|however|note),?\s+/i, '');
  for (const shape of SHAPES) {
    if (shape.name === 'recommended' && DENIAL.test(plain)) continue;
    const match = plain.match(shape.pattern);
    if (!match) continue;
    const claims = shape.claims(match, label);
    if (claims !== null && claims.length > 0) return { plain, shape: shape.name, claims };
  }
  return null;
}
