// What the Bash grammar is given to parse: the file's text, bats' test headers written as functions.

/** `@test "adds items" {`, `@test 'x' {`, `@test unquoted words {`: a bats test's header, up to its brace (bats' own pattern: the line's last ` {`). */
const BATS_TEST = /^([ \t]*@test)([ \t]+[^\n]*[^\s][ \t]+)\{/gm;

/**
 * `${x//a/b;}`, `${x//</\\&lt;}`, `${x:$i:1}`: a pattern replacement or a substring, on one line, with no
 * quote, brace, backquote or `$(` in it (capture 3: what follows the name).
 */
const REPLACEMENT_OR_SUBSTRING = /\$\{([A-Za-z_]\w*|[0-9@*])(\[[^\]\n{}]*\])?(\/[^{}\n`"']*|:(?![-=?+])[^{}\n`"']*)\}/g;
/** What tree-sitter-bash 0.25.1 misreads in one: a `;`, `&` or `\\` in the replacement, a `$x` in the offset. */
const MISREAD = /[;&\\]|\$[A-Za-z_{]/;

/**
 * The text the grammar is given. Its scanner misreads some parameter expansions (REPLACEMENT_OR_SUBSTRING)
 * and loses the rest of the file to the error: such an expansion is given as `${x:-___}` of the same
 * length (nothing Lore reads is in its operation). bats' `@test "name" {` is not Bash (bats rewrites it into a
 * function before running it): Lore writes it as the function `@test____(){` of the same length,
 * on the same line, so that offsets and lines hold and the body is read as a function's. The walk
 * takes the test's name from the file's own text (bashTestName).
 */
export function bashParsedText(text: string): string {
  let parsed = text.includes('${') ? text.replace(REPLACEMENT_OR_SUBSTRING, readableExpansion) : text;
  if (parsed.includes('@test'))
    parsed = parsed.replace(BATS_TEST, (_header, keyword: string, title: string) => `${keyword}${'_'.repeat(title.length - 2)}(){`);
  return parsed;
}

function readableExpansion(expansion: string, name: string, index: string | undefined, operation: string): string {
  if (!MISREAD.test(operation) || operation.includes('$(')) return expansion;
  return `\${${name}${index ?? ''}:-${'_'.repeat(operation.length - 2)}}`;
}

/** The name a function written by bashParsedText stands for: the test's title (`adds items`), read from the header as written, its quotes removed. */
export function bashTestName(header: string): string | null {
  const title = /^\s*@test[ \t]+(.*\S)\s*$/s.exec(header)?.[1];
  if (title === undefined) return null;
  const doubleQuoted = /^"((?:[^"\\]|\\.)*)"$/s.exec(title);
  if (doubleQuoted) return doubleQuoted[1]!.replace(/\\(.)/g, '$1');
  const singleQuoted = /^'([^']*)'$/.exec(title);
  return singleQuoted ? singleQuoted[1]! : title;
}
