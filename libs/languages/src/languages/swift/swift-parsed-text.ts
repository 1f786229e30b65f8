// What the Swift grammar is given to parse: the file's text, what its scanner misreads blanked.

/** `#if os(Linux)`, `#else`, `#endif`...: a compiler directive's line. */
const DIRECTIVE_LINE = /^[ \t]*#(?:if|elseif|else|endif|sourceLocation|warning|error)\b[^\n]*/gm;
/** `#available(iOS 15, *)`, `#unavailable(...)`: a condition, on one line or several. */
const AVAILABILITY = /#(?:un)?available\([^()]*\)/g;
/** `#"a \ b"#`, `##"..."##`: a raw string on one line (a `"` inside it not followed by its hashes). */
const RAW_STRING = /(?<![\w"\\])(#+)"(?:[^"\n]|"(?!\1))*"\1/g;
/** `#expect(...)`, `#selector(...)`, `#file`: a macro or a literal named after `#` (not a raw string's `#"`). */
const HASH_NAME = /(?<![\\#])#(?=[A-Za-z_])/g;

/**
 * The text the grammar is given. Its external scanner allocates its state with `calloc(0, ...)`
 * and never clears it when a parse starts, so after the first file the `#` of a directive or a
 * macro reads stale memory and fails to parse. Lore blanks what starts with `#`, keeping lengths
 * and lines: directive lines (the code of every branch is read, as ctags reads it), availability
 * conditions (`true`), a raw string on one line (an empty string of its length: it is one
 * literal token either way), the `#` of a macro (`#expect(x)` is read as the call `expect(x)`).
 * A raw string over several lines (`#"""`) is left as written.
 */
export function swiftParsedText(text: string): string {
  if (!text.includes('#')) return text;
  return text
    .replace(DIRECTIVE_LINE, (line) => ' '.repeat(line.length))
    .replace(RAW_STRING, (literal) => `"${' '.repeat(literal.length - 2)}"`)
    .replace(AVAILABILITY, (condition) => `true${condition.slice(4).replace(/[^\n]/g, ' ')}`)
    .replace(HASH_NAME, ' ');
}
