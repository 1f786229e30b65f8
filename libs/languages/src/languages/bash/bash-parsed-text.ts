// What the Bash grammar is given to parse: the file's text, bats' test headers written as functions.

/** `@test "adds items" {`, `@test 'x' {`: a bats test's header, up to its brace. */
const BATS_TEST = /^([ \t]*@test)([ \t]+(?:"(?:[^"\\\n]|\\.)*"|'[^'\n]*')[ \t]*)\{/gm;

/**
 * The text the grammar is given. bats' `@test "name" {` is not Bash (bats rewrites it into a
 * function before running it): Lore writes it as the function `@test____() {` of the same length,
 * on the same line, so that offsets and lines hold and the body is read as a function's. The walk
 * takes the test's name from the file's own text (bashTestName).
 */
export function bashParsedText(text: string): string {
  if (!text.includes('@test')) return text;
  return text.replace(BATS_TEST, (_header, keyword: string, title: string) => `${keyword}${'_'.repeat(title.length - 2)}(){`);
}

/** The name a function written by bashParsedText stands for: the test's title (`adds items`), read from the header as written. */
export function bashTestName(header: string): string | null {
  const title = /^\s*@test[ \t]+(?:"((?:[^"\\\n]|\\.)*)"|'([^'\n]*)')/.exec(header);
  if (!title) return null;
  return title[1] !== undefined ? title[1].replace(/\\(.)/g, '$1') : title[2]!;
}
