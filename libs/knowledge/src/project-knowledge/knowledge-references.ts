/**
 * The code a chapter of a knowledge document names: inline code (`applyDiscount`,
 * `OrderService.placeOrder()`, `src/pricing/discounts.ts`), and outside it the paths with a known
 * extension and the qualified names of a capitalised type (OrderService.placeOrder). Names become
 * symbol references, paths file references. Fenced code blocks are left out: they hold examples,
 * not what the chapter is about. `backticked` are the references written as inline code: only they
 * are reported when nothing in the index answers to them (a bare word with a dot usually is prose).
 */
export interface ChapterReferences {
  names: string[];
  paths: string[];
  backticked: string[];
}

const EXTENSIONS = 'ts|tsx|js|jsx|mjs|cjs|py|java|go|kt|rs|rb|cs|md|json|ya?ml|toml|sql|graphql|proto|sh';
const PATH = new RegExp(`^(?:[\\w@.-]+/)*[\\w@.-]+\\.(?:${EXTENSIONS})$`);
const BARE_PATH = new RegExp(`(?<![\\w/.@-])((?:[\\w@.-]+/)+[\\w@.-]+\\.(?:${EXTENSIONS}))(?![\\w/])`, 'g');
const NAME = /^[A-Za-z_$][\w$]*(?:(?:\.|::|#)[A-Za-z_$][\w$]*)*$/;
const BARE_QUALIFIED_NAME = /(?<![\w$./])([A-Z][\w$]*(?:\.[A-Za-z_$][\w$]*)+)/g;
const INLINE_CODE = /`([^`\n]+)`/g;

export function referencesIn(text: string): ChapterReferences {
  const names = new Set<string>();
  const paths = new Set<string>();
  const backticked = new Set<string>();
  const prose = withoutFencedCode(text);
  for (const [, code] of prose.matchAll(INLINE_CODE)) {
    const reference = normalised(code!);
    if (reference === null) continue;
    (reference.kind === 'path' ? paths : names).add(reference.text);
    backticked.add(reference.text);
  }
  const outsideCode = prose.replace(INLINE_CODE, ' ');
  for (const [, path] of outsideCode.matchAll(BARE_PATH)) paths.add(path!.replace(/^\.\//, ''));
  for (const [, name] of outsideCode.matchAll(BARE_QUALIFIED_NAME)) if (!PATH.test(name!)) names.add(name!);
  return { names: [...names].sort(), paths: [...paths].sort(), backticked: [...backticked].sort() };
}

/** Inline code as a reference: a call's arguments and a leading `./` dropped, `::` and `#` read as `.`; null when it names no code. */
function normalised(code: string): { kind: 'name' | 'path'; text: string } | null {
  const text = code
    .trim()
    .replace(/\(.*\)$/, '')
    .replace(/^\.\//, '');
  if (PATH.test(text)) return { kind: 'path', text };
  if (NAME.test(text)) return { kind: 'name', text: text.replace(/::|#/g, '.') };
  return null;
}

function withoutFencedCode(text: string): string {
  let fenced = false;
  return text
    .split('\n')
    .filter((line) => {
      if (/^\s{0,3}(```|~~~)/.test(line)) {
        fenced = !fenced;
        return false;
      }
      return !fenced;
    })
    .join('\n');
}
