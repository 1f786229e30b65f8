import { type DocCommentStyle, knownLanguage } from '@lore/indexer';

/**
 * The doc comments of a code file, read as documentation: `comments` keeps only their text (comment
 * markers stripped, `{@link X}` and ``x`` written as `X`), every other line blank, so line numbers
 * stay the file's; `code` is the file with those lines blank, what the comments are checked against.
 */
export interface DocCommentSplit {
  comments: string;
  code: string;
}

export function splitDocComments(text: string, language: string): DocCommentSplit {
  const lines = text.split('\n');
  const commentLines = new Map<number, string>();
  const style = knownLanguage(language)?.definition.docComments;
  if (style === 'block' || style === 'doxygen') blockComments(lines, commentLines);
  if (style === 'doxygen') tripleSlashLines(lines, commentLines);
  else if (style === 'docstring') docstrings(lines, commentLines);
  else if (style === 'line-above') lineCommentsAboveDeclarations(lines, commentLines);
  else if (style === 'dash-lines') dashLineRuns(lines, commentLines);
  else if (style === 'hash-above') hashCommentsAboveFunctions(lines, commentLines);
  return {
    comments: lines.map((_, index) => asMarkdown(commentLines.get(index) ?? '', style)).join('\n'),
    code: lines.map((line, index) => (commentLines.has(index) ? '' : line)).join('\n'),
  };
}

/** `/** ... *\/` blocks (JSDoc, Javadoc): each line without its `/**`, `*` and `*\/`. */
function blockComments(lines: readonly string[], found: Map<number, string>): void {
  let inside = false;
  lines.forEach((line, index) => {
    const opens = !inside && /^\s*\/\*\*(?!\/)/.test(line);
    if (!inside && !opens) return;
    inside = !/\*\//.test(opens ? line.replace(/^\s*\/\*\*/, '') : line);
    found.set(
      index,
      line
        .replace(/^\s*\/\*\*/, '')
        .replace(/\*\/.*$/, '')
        .replace(/^\s*\*(?!\/)\s?/, '')
        .trim(),
    );
  });
}

/** Doxygen's `///` lines (not `////`): each line without its `///`. */
function tripleSlashLines(lines: readonly string[], found: Map<number, string>): void {
  lines.forEach((line, index) => {
    const comment = /^\s*\/\/\/(?!\/)<?\s?(.*)$/.exec(line);
    if (comment) found.set(index, comment[1]!.trim());
  });
}

/** Triple-quoted strings that open a module or follow a `def`/`class` header: Python's docstrings. */
function docstrings(lines: readonly string[], found: Map<number, string>): void {
  let previous = '';
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const opening = /^\s*[rRuU]?("""|''')/.exec(line);
    const follows = previous === '' || /^\s*(?:async\s+)?(?:def|class)\s.*:\s*(?:#.*)?$/.test(previous);
    if (opening && follows) {
      const quote = opening[1]!;
      const rest = line.slice(opening[0].length);
      if (rest.includes(quote)) {
        found.set(index, rest.slice(0, rest.indexOf(quote)));
      } else {
        found.set(index, rest);
        while (++index < lines.length && !lines[index]!.includes(quote)) found.set(index, lines[index]!.trim());
        if (index < lines.length) found.set(index, lines[index]!.slice(0, lines[index]!.indexOf(quote)).trim());
      }
    }
    if (lines[index] !== undefined && lines[index]!.trim() !== '' && !lines[index]!.trim().startsWith('#')) previous = lines[index]!;
  }
}

/** Go's doc comments: the `//` lines right above a declaration or the package clause. */
function lineCommentsAboveDeclarations(lines: readonly string[], found: Map<number, string>): void {
  lines.forEach((line, index) => {
    if (!/^(?:func|type|var|const|package)\b/.test(line)) return;
    for (let above = index - 1; above >= 0 && /^\s*\/\//.test(lines[above]!); above--) {
      found.set(above, lines[above]!.replace(/^\s*\/\/\s?/, ''));
    }
  });
}

/** Lua's doc comments: each run of `--` lines holding a `---` line (LDoc's `--- Summary` then `-- @param`, LuaLS's `---@param`). */
function dashLineRuns(lines: readonly string[], found: Map<number, string>): void {
  const isLine = (line: string) => /^\s*--(?!\[=*\[)/.test(line);
  for (let start = 0; start < lines.length; start++) {
    if (!isLine(lines[start]!)) continue;
    let end = start;
    while (end + 1 < lines.length && isLine(lines[end + 1]!)) end++;
    if (lines.slice(start, end + 1).some((line) => /^\s*---(?!-)/.test(line)))
      for (let index = start; index <= end; index++) found.set(index, lines[index]!.replace(/^\s*-{2,}\s?/, '').replace(/^-+\s*$/, ''));
    start = end;
  }
}

/** Bash's doc comments: the `#` lines right above a function (`f() {`, `function f`), a `#!` line and ShellCheck's directives left out. */
function hashCommentsAboveFunctions(lines: readonly string[], found: Map<number, string>): void {
  lines.forEach((line, index) => {
    if (!/^\s*(?:function\s+[^\s()]+|[^\s()=#$]+\s*\(\s*\))/.test(line)) return;
    for (let above = index - 1; above >= 0 && /^\s*#/.test(lines[above]!); above--) {
      if (/^\s*#(?:!|\s*shellcheck\s)/.test(lines[above]!)) continue;
      found.set(above, lines[above]!.replace(/^\s*#+\s?/, ''));
    }
  });
}

/** Inline references of each doc comment syntax as Markdown code spans: `{@link X}`, reST's ``x``, Go's [X]. */
function asMarkdown(text: string, style: DocCommentStyle | undefined): string {
  const markdown = text.replace(/\{@(?:link|linkcode|linkplain|code)\s+([^\s}]+)[^}]*\}/g, '`$1`').replace(/``([^`\n]+)``/g, '`$1`');
  return style === 'line-above' ? markdown.replace(/\[([A-Za-z_][\w.]*)\](?!\()/g, '`$1`') : markdown;
}
