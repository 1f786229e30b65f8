import type { Node } from 'web-tree-sitter';
import { docText } from '../../tree-sitter/symbol-rows';
import { namedChildrenOf } from '../../tree-sitter/tree-sitter';

/** Readers of Bash syntax nodes: doc comments, command names and arguments, and the paths `source` is given. */

/**
 * The doc comment right above a function: the run of `#` lines ending on the line before it, each
 * without its `#` and one space. A `#!` line and ShellCheck's directives (`# shellcheck disable=...`)
 * are not documentation.
 */
export function bashDoc(node: Node): string | null {
  const lines: string[] = [];
  let row = node.startPosition.row;
  for (let previous = node.previousNamedSibling; previous?.type === 'comment'; previous = previous.previousNamedSibling) {
    if (previous.endPosition.row !== row - 1 || !startsItsLine(previous)) break;
    row = previous.startPosition.row;
    const text = previous.text;
    if (text.startsWith('#!') || /^#\s*shellcheck\s/.test(text)) continue;
    lines.unshift(text.replace(/^#+ ?/, ''));
  }
  return lines.length > 0 ? docText(lines.join('\n')) : null;
}

/** A comment alone on its line, not one ending a command (`x=1 # why`). */
function startsItsLine(comment: Node): boolean {
  const before = comment.previousSibling;
  return before === null || before.endPosition.row < comment.startPosition.row;
}

/** A command's name when it is written as a plain word (`cart_add`), not an expansion (`$cmd`, `"$@"`). */
export function commandName(command: Node): string | null {
  const name = command.childForFieldName('name');
  const word = name?.firstNamedChild;
  return name && word?.type === 'word' && name.namedChildCount === 1 ? word.text : null;
}

/** A command's arguments, in order. */
export function commandArguments(command: Node): Node[] {
  const found: Node[] = [];
  for (let i = 0; i < command.childCount; i++) if (command.fieldNameForChild(i) === 'argument') found.push(command.child(i)!);
  return found;
}

/** The script file itself (`$0`, `${BASH_SOURCE[0]}`) in an evaluated path. */
export const SCRIPT_FILE = '\u0001';
/** The script's own directory (`$(dirname "$0")`, `${BASH_SOURCE%/*}`, bats' `$BATS_TEST_DIRNAME`). */
export const SCRIPT_DIR = '\u0002';
/** A part of a path the file's text does not settle (`$HOME`, `$(pwd)`, a variable set elsewhere). */
export const UNKNOWN_PART = '\u0003';

/** The variables every script has: `$0` and `$BASH_SOURCE` name the script, bats' `$BATS_TEST_DIRNAME` its directory. */
export function scriptVariables(): Map<string, string> {
  return new Map([
    ['0', SCRIPT_FILE],
    ['BASH_SOURCE', SCRIPT_FILE],
    ['BATS_TEST_DIRNAME', SCRIPT_DIR],
  ]);
}

/**
 * The value of a word as a path: literal parts as written, the script and its directory as
 * SCRIPT_FILE and SCRIPT_DIR, variables assigned earlier in the file by their values, anything
 * else UNKNOWN_PART. Follows `$(dirname X)`, `${X%/*}`, `$(cd X && pwd)`, `$(realpath X)`.
 */
export function pathValue(node: Node, variables: ReadonlyMap<string, string>, depth = 0): string {
  if (depth > 16) return UNKNOWN_PART;
  switch (node.type) {
    case 'word':
      return node.text.replace(/\\(.)/g, '$1');
    case 'string_content':
      return node.text;
    case 'raw_string':
      return node.text.slice(1, -1);
    case 'string':
    case 'concatenation':
      return namedChildrenOf(node)
        .map((part) => pathValue(part, variables, depth + 1))
        .join('');
    case 'simple_expansion':
      return variables.get(node.firstNamedChild?.text ?? '') ?? UNKNOWN_PART;
    case 'expansion':
      return expansionValue(node.text, variables);
    case 'command_substitution':
      return substitutionValue(node, variables, depth);
    default:
      return UNKNOWN_PART;
  }
}

/** `${X}`, `${X[0]}`, `${X%/*}` (X's directory), `${X:-default}` (X, when the file sets it). */
function expansionValue(text: string, variables: ReadonlyMap<string, string>): string {
  const expansion = /^\$\{(\w+)(?:\[(?:0|@|\*)\])?(.*)\}$/s.exec(text);
  if (!expansion) return UNKNOWN_PART;
  const value = variables.get(expansion[1]!);
  const operation = expansion[2]!;
  if (value === undefined) return UNKNOWN_PART;
  if (operation === '' || /^:?-/.test(operation)) return value;
  return operation === '%/*' ? directoryOf(value) : UNKNOWN_PART;
}

function directoryOf(value: string): string {
  if (value === SCRIPT_FILE) return SCRIPT_DIR;
  const slash = value.lastIndexOf('/');
  return slash > 0 ? value.slice(0, slash) : UNKNOWN_PART;
}

/** `$(dirname X)`, `$(realpath X)`, `$(readlink -f X)`, `$(cd X && pwd)`: the path they print. */
function substitutionValue(node: Node, variables: ReadonlyMap<string, string>, depth: number): string {
  const inner = namedChildrenOf(node).filter((child) => child.type !== 'comment');
  if (inner.length !== 1) return UNKNOWN_PART;
  const statement = inner[0]!;
  if (statement.type === 'command') {
    const name = commandName(statement);
    const target = lastOperand(statement);
    if (!target) return UNKNOWN_PART;
    if (name === 'dirname') return directoryOf(pathValue(target, variables, depth + 1));
    if (name === 'realpath' || name === 'readlink') return pathValue(target, variables, depth + 1);
    return UNKNOWN_PART;
  }
  if (statement.type === 'list') {
    const [cd, pwd] = namedChildrenOf(statement).map(commandOf);
    const target = cd && commandName(cd) === 'cd' ? lastOperand(cd) : null;
    if (target && pwd && commandName(pwd) === 'pwd') return pathValue(target, variables, depth + 1);
  }
  return UNKNOWN_PART;
}

/** The command of a statement, its redirections aside (`cd x >/dev/null`). */
function commandOf(statement: Node): Node | null {
  if (statement.type === 'command') return statement;
  const body = statement.type === 'redirected_statement' ? statement.childForFieldName('body') : null;
  return body?.type === 'command' ? body : null;
}

/** A command's last argument that is not an option (`-f`, `--`). */
function lastOperand(command: Node): Node | null {
  const operands = commandArguments(command).filter((argument) => !(argument.type === 'word' && argument.text.startsWith('-')));
  return operands.at(-1) ?? null;
}
