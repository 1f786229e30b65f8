// How a declaration's header text is taken apart: its parameter list's brackets and its top-level
// commas. Shared by the analysis (type-annotation adoption, from the stored signature) and the
// documentation checks (parameters, defaults and return types, from the code span).

const OPENERS: Record<string, string> = { '(': ')', '[': ']', '{': '}', '<': '>' };
const CLOSERS = new Set(Object.values(OPENERS));

/** A quote that opens a string literal in the header languages Lore reads. */
function isQuote(char: string): boolean {
  return char === '"' || char === "'" || char === '`';
}

/**
 * The parts of `text` between commas at its top level: commas inside brackets, strings and (with
 * `angles`, the languages whose type arguments are written `<...>`) type arguments do not split; an
 * arrow's `=>` closes nothing. Empty parts are left out.
 */
export function splitTopLevel(text: string, angles = true): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (isQuote(char)) {
      const closing = text.indexOf(char, i + 1);
      if (closing < 0) break;
      i = closing;
    } else if (char in OPENERS && (angles || char !== '<')) depth++;
    else if (CLOSERS.has(char) && (angles || char !== '>') && !(char === '>' && text[i - 1] === '=')) depth--;
    else if (char === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.filter((part) => part.trim() !== '');
}

/** Index of the `)` closing the `(` at `open` (strings skipped), or -1 when it does not close (a header cut short). */
export function closingParenthesis(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const char = text[i]!;
    if (isQuote(char)) {
      const closing = text.indexOf(char, i + 1);
      if (closing < 0) return -1;
      i = closing;
    } else if (char === '(') depth++;
    else if (char === ')' && --depth === 0) return i;
  }
  return -1;
}
