import { posix } from 'node:path';
import type { Node } from 'web-tree-sitter';
import type { SourceFile } from '../../repository-files';
import { NestedNames } from '../../function-bodies/nested-names';
import { measureBody } from '../../tree-sitter/body-metrics';
import { ScopeStack } from '../../tree-sitter/scopes';
import type { FileSymbols } from '../../tree-sitter/symbol-rows';
import { linesOf, startLineOf, type VisitOutcome } from '../../tree-sitter/tree-sitter';
import type { FileWalk } from '../../tree-sitter/tree-sitter-extraction';
import { addNestedFunction } from '../../tree-sitter/typed-walk';
import { BODY_RULES, type ShFile, type ShFunction, type ShSourced } from './bash-model';
import { bashTestName } from './bash-parsed-text';
import { bashDoc, commandArguments, commandName, pathValue, SCRIPT_DIR, SCRIPT_FILE, scriptVariables, UNKNOWN_PART } from './bash-syntax';

/** A file that runs shunit2 (`. shunit2`, `source "$(which shunit2)"`): its `test*` functions are tests. */
const SOURCES_SHUNIT2 = /^[ \t]*(?:\.|source)[ \t]+[^\n#]*shunit2/m;
/** shunit2's test functions. */
const SHUNIT2_TEST = /^test/;
/** bats' `run cmd args`: the command it runs is called too (`run -0 cart_add`, `run ! f`). */
const BATS_RUN = 'run';

/** One file's walk: functions (nested ones under their encloser), bats and shunit2 tests, sourced files, commands run in functions. */
export class BashFileWalk implements FileWalk<ShFile> {
  private readonly file: ShFile;
  private readonly text: string;
  private readonly scopes = new ScopeStack<ShFunction>();
  private readonly nestedNames = new NestedNames();
  /** Variables assigned in the file, by the paths they hold (bash-syntax's pathValue). */
  private readonly variables = scriptVariables();
  private readonly shunit2: boolean;

  constructor(
    source: SourceFile,
    private readonly symbols: FileSymbols,
  ) {
    this.text = source.text!;
    this.shunit2 = SOURCES_SHUNIT2.test(this.text);
    this.file = { path: source.path, functions: [], sourced: [], sites: [] };
  }

  visit(node: Node): VisitOutcome {
    switch (node.type) {
      case 'function_definition':
        return this.declareFunction(node);
      case 'command':
        this.recordCommand(node);
        return;
      case 'variable_assignment':
        this.recordAssignment(node);
        return;
      default:
        return;
    }
  }

  finish(): ShFile {
    return this.file;
  }

  private declareFunction(node: Node): VisitOutcome {
    const nameNode = node.childForFieldName('name');
    const body = node.childForFieldName('body');
    if (!nameNode || !body) return;
    const enclosing = this.scopes.top() ?? null;
    const measured = measureBody(node, body.startIndex, BODY_RULES);
    // The header as written: `f()`, `function f`, `@test "adds items"` (the parsed text has bats' header rewritten).
    const signature = this.text.slice(node.startIndex, body.startIndex).trim();
    const testTitle = nameNode.text.startsWith('@test') ? bashTestName(signature) : null;
    if (testTitle !== null) {
      const symbol = this.symbols.add({
        kind: 'function',
        test: true,
        name: testTitle,
        parent: enclosing?.symbol ?? null,
        signature,
        doc: bashDoc(node),
        ...linesOf(node),
        exported: false,
        body: measured,
      });
      return this.scopes.enter({ symbol, name: testTitle });
    }
    const name = nameNode.text;
    if (enclosing) {
      const symbol = addNestedFunction(this.symbols, this.nestedNames, {
        node,
        base: name,
        parent: enclosing.symbol,
        body: measured,
        signature,
      });
      // Defined once its encloser runs, under its own name (a second `inner` in the same encloser is stored `inner#2`).
      const fn: ShFunction = { symbol, name };
      this.file.functions.push(fn);
      return this.scopes.enter(fn);
    }
    const test = this.shunit2 && SHUNIT2_TEST.test(name);
    const symbol = this.symbols.add({
      kind: 'function',
      test,
      name,
      parent: null,
      signature,
      doc: bashDoc(node),
      ...linesOf(node),
      // Every function of a sourced file is the sourcing file's; `_name` is private by convention.
      exported: !name.startsWith('_'),
      body: measured,
    });
    const fn: ShFunction = { symbol, name };
    if (!test) this.file.functions.push(fn);
    return this.scopes.enter(fn);
  }

  /** `source x` and `. x` (bats' `load x` too) lead to files; any other command in a function may call one. */
  private recordCommand(node: Node): void {
    const name = commandName(node);
    if (name === null) return;
    const first = commandArguments(node)[0];
    if (name === 'source' || name === '.') {
      if (first) this.recordSourced(first, ['']);
      return;
    }
    // bats' `load helper` reads `helper.bash` beside the test file, else `helper`.
    if (name === 'load' && first && this.isBatsFile()) {
      this.recordSourced(first, ['.bash', '']);
      return;
    }
    const caller = this.scopes.top();
    if (!caller) return;
    const line = startLineOf(node);
    this.file.sites.push({ caller, line, name });
    if (name === BATS_RUN) {
      const run = commandArguments(node).find((argument) => !/^(?:-|!$)/.test(argument.text));
      if (run?.type === 'word') this.file.sites.push({ caller, line, name: run.text });
    }
  }

  private isBatsFile(): boolean {
    return this.file.path.endsWith('.bats') || this.text.startsWith('#!/usr/bin/env bats');
  }

  private recordSourced(argument: Node, extensions: readonly string[]): void {
    const value = pathValue(argument, this.variables);
    const sourced = sourcedPaths(this.file.path, argument.text, value, extensions);
    if (sourced) this.file.sourced.push(sourced);
  }

  /** `DIR=$(dirname "$0")`, `LIB="$DIR/lib"`: what a later `source "$LIB/x.sh"` is given. */
  private recordAssignment(node: Node): void {
    const name = node.childForFieldName('name');
    const value = node.childForFieldName('value');
    if (name?.type === 'variable_name' && value) this.variables.set(name.text, pathValue(value, this.variables));
  }
}

/**
 * Where a sourced path leads: from the script's directory when it starts there; a literal from the
 * file's directory, else from the repository's root (`source lib/x.sh` run from the root); with an
 * unknown part, only what follows it (`$ROOT/lib/x.sh`: `lib/x.sh`). Absolute paths and `~` lead
 * out of the repository.
 */
function sourcedPaths(path: string, written: string, value: string, extensions: readonly string[]): ShSourced | null {
  const directory = posix.dirname(path);
  const inRepository = (relative: string) => posix.normalize(posix.join(directory, relative));
  const withExtensions = (paths: string[]) => paths.flatMap((candidate) => extensions.map((extension) => candidate + extension));
  if (value.includes(SCRIPT_FILE)) return null;
  const unknown = value.lastIndexOf(UNKNOWN_PART);
  if (unknown >= 0) {
    const suffix = value.slice(unknown + 1).replace(/^\/+/, '');
    return suffix && !suffix.endsWith('/') && !suffix.includes(SCRIPT_DIR)
      ? { written, candidates: [], suffix: posix.normalize(suffix) }
      : null;
  }
  if (value.startsWith(SCRIPT_DIR)) {
    const relative = value.slice(1).replace(/^\/+/, '');
    return relative.includes(SCRIPT_DIR) ? null : { written, candidates: withExtensions([inRepository(relative)]), suffix: null };
  }
  if (value === '' || value.startsWith('/') || value.startsWith('~') || value.includes(SCRIPT_DIR)) return null;
  return { written, candidates: withExtensions([inRepository(value), posix.normalize(value)]), suffix: null };
}
