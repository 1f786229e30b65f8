import { TreeSitterExtractor, type TreeSitterLanguage } from '../../tree-sitter/tree-sitter-extraction';
import { BashFileWalk } from './bash-file-walk';
import { VISITED, type ShFile } from './bash-model';
import { bashParsedText } from './bash-parsed-text';
import { BashResolver } from './bash-resolver';

const BASH: TreeSitterLanguage<ShFile> = {
  grammar: 'bash',
  visitedNodeTypes: VISITED,
  start: () => ({
    walkFile: (source, symbols) => new BashFileWalk(source, symbols),
    resolver: (files) => new BashResolver(files),
    parsedText: (source) => bashParsedText(source.text!),
  }),
};

/**
 * Bash and POSIX shell with tree-sitter (tree-sitter-bash 0.25.1). Symbols: functions (`f() {}`,
 * `function f {}`, `function f() {}`, a subshell body `f() ( )`), functions defined inside
 * another (nested bodies under their encloser: `outer.inner`); tests are bats' `@test "title" {}`
 * (named by their title; the grammar is given them as functions of the same length,
 * bash-parsed-text.ts) and shunit2's `test*` functions in a file that sources shunit2. Docs are
 * the `#` lines right above a function.
 *
 * `source x`, `. x` and bats' `load x` are followed to repository files: a literal path from the
 * file's directory, else from the root; `$(dirname "$0")/x`, `${BASH_SOURCE%/*}/x`,
 * `$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/x` and variables assigned those in the file from
 * the script's directory; a path starting with a variable the file does not set by the one file
 * ending with the rest. A command in a function whose name is a function is a call (bats' `run f`
 * calls f): BashResolver says how sure each is. Commands at the top of a script have no caller
 * symbol and are not stored.
 */
export class BashExtractor extends TreeSitterExtractor<ShFile> {
  constructor() {
    super(BASH);
  }
}
