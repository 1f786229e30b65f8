// What the Dart grammar is given to parse: the file's text, what the grammar cannot read blanked.

/** `library;`: Dart 2.19's unnamed library directive (annotations and doc comments of a library hang on it). */
const UNNAMED_LIBRARY = /^([ \t]*)library[ \t]*;/gm;

/**
 * The text the grammar is given. tree-sitter-dart reads only `library name;`: an unnamed
 * `library;` is a syntax error that leaves the rest of the file partly read. Lore blanks it
 * (lengths and lines kept): it declares nothing Lore stores; an annotation before it
 * (`@Deprecated(...)`) is still read as one.
 */
export function dartParsedText(text: string): string {
  if (!text.includes('library')) return text;
  return text.replace(UNNAMED_LIBRARY, (directive) => ' '.repeat(directive.length));
}
