import type { Node } from 'web-tree-sitter';
import { MAX_EXPRESSION_DEPTH } from '../../tree-sitter/scopes';
import { docText } from '../../tree-sitter/symbol-rows';
import type { LuaExpr } from './lua-model';

/** Readers of Lua syntax nodes: `---` doc comments, string literals, names as written, the expressions call resolution follows. */

/**
 * The doc comment right above a declaration: the run of `--` line comments ending on the line
 * before it, when one of them is a `---` line (LDoc's `--- Summary` followed by `-- @param`,
 * LuaLS's `---@param x T` lines). Markers stripped, tags kept, lines of dashes alone left out.
 */
export function luaDoc(node: Node): string | null {
  const lines: string[] = [];
  let documented = false;
  let row = node.startPosition.row;
  let previous = node.previousSibling;
  while (previous && (previous.type === ',' || previous.type === ';')) previous = previous.previousSibling;
  for (; previous?.type === 'comment'; previous = previous.previousSibling) {
    const text = previous.text;
    if (previous.endPosition.row !== row - 1 || !text.startsWith('--') || /^--\[=*\[/.test(text)) break;
    if (/^---(?!-)/.test(text)) documented = true;
    if (!/^-+\s*$/.test(text)) lines.unshift(text.replace(/^-{2,}\s?/, ''));
    row = previous.startPosition.row;
  }
  return documented ? docText(lines.join('\n')) : null;
}

/** A string literal's content (`"a.b"`, `'a.b'`, `[[a.b]]`); null for anything else. */
export function stringValue(node: Node | null | undefined): string | null {
  if (node?.type !== 'string') return null;
  return node.childForFieldName('content')?.text ?? '';
}

/** A name as written with dots: `M`, `M.sub.f`; null for anything else (an index by `[...]`, a call). */
export function dottedName(node: Node | null | undefined): string | null {
  if (!node) return null;
  if (node.type === 'identifier') return node.text;
  if (node.type === 'dot_index_expression') {
    const table = dottedName(node.childForFieldName('table'));
    const field = node.childForFieldName('field')?.text;
    return table !== null && field ? `${table}.${field}` : null;
  }
  return null;
}

/** The arguments of a call, as written: `f(a, b)`, `f{...}` and `f "x"` (one argument). */
export function argumentsOf(call: Node): Node[] {
  const args = call.childForFieldName('arguments');
  if (!args) return [];
  return args.namedChildren.filter((child) => child.type !== 'comment');
}

/** `require("a.b")`, `require "a.b"`, `require [[a.b]]`: the module named; null for any other call. */
export function requiredModule(call: Node): string | null {
  const callee = call.childForFieldName('name');
  if (callee?.type !== 'identifier' || callee.text !== 'require') return null;
  const args = argumentsOf(call);
  return args.length === 1 ? stringValue(args[0]) : null;
}

/** An expression as far as call resolution cares: names, fields, calls, `require`, objects made with `setmetatable`. */
export function exprOf(node: Node | null | undefined, depth = 0): LuaExpr {
  if (!node || depth > MAX_EXPRESSION_DEPTH) return { kind: 'other' };
  switch (node.type) {
    case 'identifier':
      return { kind: 'name', name: node.text };
    case 'dot_index_expression': {
      const field = node.childForFieldName('field')?.text;
      return field ? { kind: 'field', object: exprOf(node.childForFieldName('table'), depth + 1), name: field } : { kind: 'other' };
    }
    case 'method_index_expression': {
      const method = node.childForFieldName('method')?.text;
      return method ? { kind: 'field', object: exprOf(node.childForFieldName('table'), depth + 1), name: method } : { kind: 'other' };
    }
    case 'parenthesized_expression':
      return exprOf(node.firstNamedChild, depth + 1);
    case 'binary_expression': {
      // `x or {}`, `a and b`: the value on the left, the usual default idiom.
      const operator = node.childForFieldName('operator')?.type;
      return operator === 'or' ? exprOf(node.childForFieldName('left'), depth + 1) : { kind: 'other' };
    }
    case 'function_call': {
      const module = requiredModule(node);
      if (module !== null) return { kind: 'require', module };
      const callee = node.childForFieldName('name');
      if (callee?.type === 'identifier' && callee.text === 'setmetatable') {
        const metatable = argumentsOf(node)[1];
        return metatable ? { kind: 'instance', of: metatableClass(metatable, depth) } : { kind: 'other' };
      }
      return { kind: 'call', callee: exprOf(callee, depth + 1) };
    }
    default:
      return { kind: 'other' };
  }
}

/** The class a metatable gives its object: `T` itself, or the `__index` of a table literal (`{ __index = T }`). */
export function metatableClass(metatable: Node, depth = 0): LuaExpr {
  if (metatable.type !== 'table_constructor') return exprOf(metatable, depth + 1);
  const index = metatable.namedChildren.find((field) => field.type === 'field' && field.childForFieldName('name')?.text === '__index');
  return index ? exprOf(index.childForFieldName('value'), depth + 1) : { kind: 'other' };
}
