import type { ClaimKind } from '@lore/domain/schemas/documentation-trust';

/**
 * A claim as verify_claim reads it: what it is about (`subject`, a symbol name or a file path), what
 * it relates it to (`object`: a symbol, file, directory, type or parameter), a value where the kind
 * has one, and whether it is denied ("does not call"). Parsing is by fixed sentence shapes; a
 * sentence that fits none is not a claim Lore can settle, whatever else it says.
 */
export interface ParsedClaim {
  kind: ClaimKind;
  subject: string;
  object: string | null;
  value: string | null;
  negated: boolean;
}

const NAME = String.raw`[A-Za-z_$][\w$]*(?:(?:\.|#|::)[A-Za-z_$][\w$]*)*`;
const PATH = String.raw`[\w@.\-/]+`;
const TYPE = String.raw`.+`;
const KIND_WORDS = String.raw`(?:the\s+)?(?:(?:function|method|class|interface|type|enum|constant|variable|property|module|symbol)\s+)?`;
const NOT = String.raw`(?<not>\s+not|n't|\s+never)?`;
const DOES_NOT = String.raw`(?<not>\s+(?:does\s+not|doesn't|never|do\s+not|don't))?`;
const NUMBERS: Record<string, number> = { no: 0, zero: 0, one: 1, a: 1, single: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7 };

interface Shape {
  kind: ClaimKind;
  pattern: RegExp;
  /** A shape whose sentence denies the claim whatever `not` says ("has no tests"). */
  denies?: boolean;
  value?: (match: RegExpMatchArray) => string | null;
}

const subject = `${KIND_WORDS}(?<subject>${NAME})(?:\\(\\))?`;
const objectName = `${KIND_WORDS}(?<object>${NAME})(?:\\(\\))?`;

/** Tried in order; the first that matches the whole sentence wins. */
const SHAPES: Shape[] = [
  { kind: 'called_by', pattern: new RegExp(`^${subject}\\s+is${NOT}\\s+(?:called|invoked|used)\\s+by\\s+${objectName}$`, 'i') },
  { kind: 'calls', pattern: new RegExp(`^${subject}${DOES_NOT}\\s+(?:calls?|invokes?)\\s+${objectName}$`, 'i') },
  { kind: 'extends', pattern: new RegExp(`^${subject}${DOES_NOT}\\s+extends?\\s+${objectName}$`, 'i') },
  { kind: 'extends', pattern: new RegExp(`^${subject}\\s+is${NOT}\\s+a\\s+subclass\\s+of\\s+${objectName}$`, 'i') },
  { kind: 'implements', pattern: new RegExp(`^${subject}${DOES_NOT}\\s+implements?\\s+${objectName}$`, 'i') },
  { kind: 'overrides', pattern: new RegExp(`^${subject}${DOES_NOT}\\s+overrides?\\s+${objectName}$`, 'i') },
  {
    kind: 'imports',
    pattern: new RegExp(`^(?:the\\s+)?(?:file\\s+)?(?<subject>${PATH})${DOES_NOT}\\s+imports?\\s+(?:from\\s+)?(?<object>${PATH})$`, 'i'),
  },
  {
    kind: 'tested_by',
    pattern: new RegExp(`^${subject}\\s+is${NOT}\\s+(?:tested|covered)\\s+by\\s+(?:the\\s+)?(?:tests?\\s+)?(?<object>.+)$`, 'i'),
  },
  { kind: 'has_tests', pattern: new RegExp(`^${subject}\\s+has\\s+no\\s+tests?$`, 'i'), denies: true },
  { kind: 'has_tests', pattern: new RegExp(`^${subject}\\s+is\\s+(?:untested|not\\s+tested)$`, 'i'), denies: true },
  { kind: 'has_tests', pattern: new RegExp(`^${subject}\\s+(?:has\\s+(?:a\\s+)?tests?|is\\s+tested)$`, 'i') },
  { kind: 'exported', pattern: new RegExp(`^${subject}\\s+is${NOT}\\s+exported$`, 'i') },
  { kind: 'exists', pattern: new RegExp(`^${subject}\\s+(?:exists|is\\s+defined|is\\s+declared)$`, 'i') },
  { kind: 'exists', pattern: new RegExp(`^${subject}\\s+(?:does\\s+not|doesn't)\\s+exist$`, 'i'), denies: true },
  { kind: 'exists', pattern: new RegExp(`^there\\s+is\\s+no\\s+${subject}$`, 'i'), denies: true },
  { kind: 'exists', pattern: new RegExp(`^there\\s+is\\s+an?\\s+${subject}$`, 'i') },
  {
    kind: 'under_directory',
    pattern: new RegExp(
      `^${subject}\\s+(?:is|lives|is\\s+located)${NOT}\\s+(?:under|below|somewhere\\s+in)\\s+(?:the\\s+)?(?:directory\\s+|folder\\s+)?(?<object>${PATH})$`,
      'i',
    ),
  },
  {
    kind: 'under_directory',
    pattern: new RegExp(`^${subject}\\s+(?:is|lives)${NOT}\\s+in\\s+the\\s+(?<object>${PATH})\\s+(?:directory|folder)$`, 'i'),
  },
  {
    kind: 'defined_in_file',
    pattern: new RegExp(
      `^${subject}\\s+(?:is\\s+(?:defined|declared|located|implemented)|is|lives)${NOT}\\s+in\\s+(?:the\\s+)?(?:file\\s+)?(?<object>${PATH})$`,
      'i',
    ),
  },
  {
    kind: 'parameter_count',
    pattern: new RegExp(
      `^${subject}\\s+(?:takes|accepts|has|expects)\\s+(?:exactly\\s+)?(?<count>\\d+|no|zero|one|a\\s+single|two|three|four|five|six|seven)\\s+(?:parameters?|arguments?|params?)$`,
      'i',
    ),
    value: (match) => {
      const count = match.groups!.count!.toLowerCase().replace(/^a\s+/, '');
      return String(/^\d+$/.test(count) ? Number(count) : NUMBERS[count]);
    },
  },
  {
    kind: 'has_parameter',
    pattern: new RegExp(
      `^${subject}${DOES_NOT}\\s+(?:takes?|accepts?|has|have)\\s+(?:an?\\s+)?(?:parameter|argument|param)\\s+(?:named\\s+|called\\s+)?(?<object>[A-Za-z_$][\\w$]*)$`,
      'i',
    ),
  },
  {
    kind: 'parameter_optional',
    pattern: new RegExp(
      `^(?:the\\s+)?(?:parameter|argument|param|option)\\s+(?<object>[A-Za-z_$][\\w$]*)\\s+of\\s+${subject}\\s+is${NOT}\\s+optional$`,
      'i',
    ),
  },
  {
    kind: 'parameter_optional',
    pattern: new RegExp(
      `^${subject}'s\\s+(?<object>[A-Za-z_$][\\w$]*)\\s+(?:parameter\\s+|argument\\s+|option\\s+)?is${NOT}\\s+optional$`,
      'i',
    ),
  },
  {
    kind: 'parameter_default',
    pattern: new RegExp(
      `^the\\s+default\\s+(?:value\\s+)?of\\s+(?:the\\s+)?(?:parameter\\s+|argument\\s+|option\\s+)?(?<object>[A-Za-z_$][\\w$]*)\\s+(?:of|in)\\s+${subject}\\s+is\\s+(?<value>.+)$`,
      'i',
    ),
    value: (match) => match.groups!.value!,
  },
  {
    kind: 'parameter_default',
    pattern: new RegExp(
      `^(?:the\\s+)?(?:parameter\\s+|argument\\s+|option\\s+)?(?<object>[A-Za-z_$][\\w$]*)\\s+(?:of|in)\\s+${subject}\\s+defaults\\s+to\\s+(?<value>.+)$`,
      'i',
    ),
    value: (match) => match.groups!.value!,
  },
  {
    kind: 'parameter_default',
    pattern: new RegExp(
      `^${subject}'s\\s+(?<object>[A-Za-z_$][\\w$]*)\\s+(?:parameter\\s+|argument\\s+|option\\s+)?defaults\\s+to\\s+(?<value>.+)$`,
      'i',
    ),
    value: (match) => match.groups!.value!,
  },
  { kind: 'is_async', pattern: new RegExp(`^${subject}\\s+is${NOT}\\s+(?:async|asynchronous)$`, 'i') },
  { kind: 'is_static', pattern: new RegExp(`^${subject}\\s+is${NOT}\\s+(?:a\\s+)?static(?:\\s+method)?$`, 'i') },
  {
    kind: 'visibility',
    pattern: new RegExp(`^${subject}\\s+is${NOT}\\s+(?:a\\s+)?(?<value>private|protected|public)(?:\\s+(?:method|member|property))?$`, 'i'),
    value: (match) => match.groups!.value!.toLowerCase(),
  },
  {
    kind: 'contains_literal',
    pattern: new RegExp(
      `^${subject}${DOES_NOT}\\s+(?:returns?|responds?\\s+with|sends?)\\s+(?:an?\\s+)?(?:http\\s+)?status(?:\\s+code)?\\s+(?<value>\\d{3})$`,
      'i',
    ),
    value: (match) => match.groups!.value!,
  },
  {
    kind: 'contains_literal',
    pattern: new RegExp(
      `^${subject}${DOES_NOT}\\s+(?:sets?|sends?)\\s+(?:the\\s+)?(?:header\\s+)?(?<value>["'\`][^"'\`]+["'\`])(?:\\s+header)?$`,
      'i',
    ),
    value: (match) => match.groups!.value!,
  },
  {
    kind: 'contains_literal',
    pattern: new RegExp(
      `^${subject}${DOES_NOT}\\s+(?:contains?|uses?|mentions?|includes?)\\s+(?:the\\s+)?(?:literal\\s+|string\\s+|value\\s+)?(?<value>["'\`][^"'\`]+["'\`]|-?\\d+(?:\\.\\d+)?)$`,
      'i',
    ),
    value: (match) => match.groups!.value!,
  },
  {
    kind: 'returns',
    pattern: new RegExp(`^${subject}${DOES_NOT}\\s+returns?\\s+(?:an?\\s+)?(?<value>${TYPE})$`, 'i'),
    value: (match) => match.groups!.value!,
  },
  {
    kind: 'constant_value',
    pattern: new RegExp(
      `^(?:the\\s+)?(?:value\\s+of\\s+|default\\s+(?:value\\s+)?of\\s+)(?:the\\s+)?(?:option\\s+|constant\\s+|setting\\s+)?${subject}\\s+is${NOT}\\s+(?<value>.+)$`,
      'i',
    ),
    value: (match) => match.groups!.value!,
  },
  {
    kind: 'constant_value',
    pattern: new RegExp(`^(?:the\\s+)?(?<subject>${NAME})\\s+(?:option|setting|flag)\\s+defaults\\s+to\\s+(?<value>.+)$`, 'i'),
    value: (match) => match.groups!.value!,
  },
  {
    kind: 'constant_value',
    pattern: new RegExp(`^${subject}\\s+(?:is\\s+set\\s+to|defaults\\s+to|equals|is\\s+equal\\s+to)\\s+(?<value>.+)$`, 'i'),
    value: (match) => match.groups!.value!,
  },
];

/** Markup a claim may carry around names (`code`, **bold**) and the full stop that ends it. */
export function normalizeClaim(claim: string): string {
  return claim
    .replace(/\*\*|__/g, '')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!;]+$/, '')
    .trim();
}

/** The claim a sentence makes, or null when it has none of the shapes Lore can settle. */
export function parseClaim(claim: string): ParsedClaim | null {
  const sentence = normalizeClaim(claim);
  for (const shape of SHAPES) {
    const match = sentence.match(shape.pattern);
    if (!match) continue;
    const groups = match.groups ?? {};
    return {
      kind: shape.kind,
      subject: symbolName(groups.subject!),
      object: groups.object === undefined ? null : cleanObject(shape.kind, groups.object),
      value: shape.value ? cleanValue(shape.value(match)) : null,
      negated: shape.denies === true || groups.not !== undefined,
    };
  }
  return null;
}

/** `Class#method` and `Class::method` as Lore names members: `Class.method`. */
export function symbolName(name: string): string {
  return name.replace(/#|::/g, '.').replace(/\(\)$/, '');
}

function cleanObject(kind: ClaimKind, object: string): string {
  const trimmed = object.trim().replace(/^["'`]|["'`]$/g, '');
  if (kind === 'imports' || kind === 'defined_in_file' || kind === 'under_directory') return trimmed.replace(/^\.\//, '');
  if (kind === 'tested_by') return trimmed.replace(/^(?:the\s+)?(?:test|spec)\s+/i, '');
  return symbolName(trimmed);
}

function cleanValue(value: string | null): string | null {
  return value === null ? null : value.trim();
}
