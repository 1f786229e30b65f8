/** Lower-case words of an identifier: placeOrder -> place order, HTTPServer2 -> http server 2. */
export function identifierWords(identifier: string): string[] {
  return identifier
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

export function nameTokens(name: string, qualifiedName: string): string {
  return [...new Set([...identifierWords(name), ...identifierWords(qualifiedName)])].join(' ');
}

const MAX_NAME_FROM_SOURCE = 80;
const IDENTIFIER = /[\p{L}_$][\p{L}\p{N}_$]*/gu;

/**
 * A name taken from source text (an assignment's target, a callee, a dictionary key) as a symbol's
 * name: one short line a person can type. Text over several lines or longer than a name gives its
 * last identifier (`(\n  x as Y\n).run` gives `run`), keeping an argument position after it
 * (`load(\n  a\n).then(0)` gives `then(0)`), or `fallback` when it has none.
 */
export function nameFromSource(text: string, fallback: string): string {
  if (text.length <= MAX_NAME_FROM_SOURCE && !/[\r\n]/.test(text)) return text;
  const argument = /^([\s\S]*?)(\([\p{L}\p{N}_]*\))$/u.exec(text);
  if (argument) return `${nameFromSource(argument[1]!, fallback)}${argument[2]}`;
  return [...text.matchAll(IDENTIFIER)].pop()?.[0] ?? fallback;
}

/**
 * A test's title as its name: the words a person wrote, on one line (a title written over several
 * lines, in a template or raw string, joins its lines with a space). Titles are sentences: not capped.
 */
export function testTitle(text: string): string {
  return text.replace(/\s*[\r\n]\s*/g, ' ');
}
