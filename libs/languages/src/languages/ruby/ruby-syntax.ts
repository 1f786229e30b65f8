import type { Node } from 'web-tree-sitter';
import { MAX_EXPRESSION_DEPTH } from '../../tree-sitter/scopes';
import { docText } from '../../tree-sitter/symbol-rows';
import type { TypedExpr } from '../../tree-sitter/typed-values';

/** Readers of Ruby syntax nodes: comments above a definition (YARD), literal texts, the expressions call resolution follows. */

/** The `#` lines right above a definition (YARD tags kept), or above the body it opens. */
export function rubyDoc(node: Node): string | null {
  const lines: string[] = [];
  let row = node.startPosition.row;
  let previous = node.previousSibling;
  if (!previous && node.parent?.type === 'body_statement') previous = node.parent.previousSibling;
  for (; previous?.type === 'comment'; previous = previous.previousSibling) {
    if (previous.endPosition.row < row - 1 || !previous.text.startsWith('#')) break;
    lines.unshift(previous.text.replace(/^#\s?/, ''));
    row = previous.startPosition.row;
  }
  return lines.length === 0 ? null : docText(lines.join('\n'));
}

/** A string or symbol literal's text without quotes or colon; null for anything else (an interpolated string, a constant). */
export function literalText(node: Node | null | undefined): string | null {
  if (!node) return null;
  if (node.type === 'simple_symbol') return node.text.slice(1);
  if (node.type === 'string' || node.type === 'delimited_symbol') {
    if (node.namedChildren.some((child) => child.type === 'interpolation')) return null;
    return node.namedChildren.map((child) => child.text).join('');
  }
  return null;
}

/** Arguments of a call (a block argument counts as none). */
export function argumentCount(call: Node): number {
  return (
    call.childForFieldName('arguments')?.namedChildren.filter((child) => child.type !== 'block_argument' && child.type !== 'comment')
      .length ?? 0
  );
}

/** An expression as far as call resolution cares: names, constants, `self`, instance variables, calls, `Const.new`. */
export function exprOf(node: Node, depth = 0): TypedExpr {
  if (depth > MAX_EXPRESSION_DEPTH) return { kind: 'other' };
  switch (node.type) {
    case 'identifier':
      return { kind: 'name', name: node.text };
    case 'self':
      return { kind: 'self' };
    case 'instance_variable':
      return { kind: 'member', object: { kind: 'self' }, name: node.text };
    case 'constant':
    case 'scope_resolution':
      return { kind: 'name', name: node.text.replace(/\s+/g, '') };
    case 'call': {
      const method = node.childForFieldName('method')?.text;
      const receiver = node.childForFieldName('receiver');
      if (!method) return { kind: 'other' };
      if (method === 'new' && receiver && (receiver.type === 'constant' || receiver.type === 'scope_resolution'))
        return { kind: 'typed', type: receiver.text.replace(/\s+/g, '') };
      return { kind: 'call', object: receiver ? exprOf(receiver, depth + 1) : null, name: method, args: argumentCount(node) };
    }
    case 'parenthesized_statements': {
      const inner = node.lastNamedChild;
      return inner ? exprOf(inner, depth + 1) : { kind: 'other' };
    }
    default:
      return { kind: 'other' };
  }
}
