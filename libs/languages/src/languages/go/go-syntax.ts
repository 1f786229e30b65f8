import type { Node } from 'web-tree-sitter';
import { MAX_EXPRESSION_DEPTH } from '../../tree-sitter/scopes';
import { docText } from '../../tree-sitter/symbol-rows';
import { namedChildrenOf } from '../../tree-sitter/tree-sitter';
import type { GoExpr } from './go-model';

/** Readers of Go syntax nodes and type texts: receivers, results, doc comments, the expressions call resolution follows. */

/** An exported Go name starts with an upper-case letter. */
export function isExported(name: string): boolean {
  return /^\p{Lu}/u.test(name);
}

/** The receiver of a method: its name, its type as written, and the type's name without `*` or type arguments. */
export function receiverOf(receiver: Node | null): { name: string | null; text: string; type: string } | null {
  const parameter = receiver?.namedChildren.find((child) => child.type === 'parameter_declaration');
  const type = parameter?.childForFieldName('type');
  if (!parameter || !type) return null;
  const text = type.text.replace(/\s+/g, '');
  const base = text.replace(/^\*+/, '').replace(/\[.*$/, '');
  return { name: parameter.childForFieldName('name')?.text ?? null, text, type: base };
}

/** The result types of a signature as written, one per result (`(a, b int)` is two). */
export function resultTypes(result: Node | null): string[] {
  if (!result) return [];
  if (result.type !== 'parameter_list') return [result.text];
  const types: string[] = [];
  for (const parameter of namedChildrenOf(result)) {
    const type = parameter.childForFieldName('type');
    if (!type) continue;
    const count = Math.max(1, parameter.childrenForFieldName('name').length);
    for (let i = 0; i < count; i++) types.push(type.text);
  }
  return types;
}

/** An expression as far as call resolution cares: names, selectors, calls, typed literals, index expressions. */
export function exprOf(node: Node, depth = 0): GoExpr {
  if (depth > MAX_EXPRESSION_DEPTH) return { kind: 'other' };
  switch (node.type) {
    case 'identifier':
    case 'type_identifier':
    case 'package_identifier':
      return { kind: 'ident', name: node.text };
    case 'selector_expression': {
      const operand = node.childForFieldName('operand');
      const field = node.childForFieldName('field');
      return operand && field ? { kind: 'selector', operand: exprOf(operand, depth + 1), field: field.text } : { kind: 'other' };
    }
    case 'qualified_type': {
      const pkg = node.childForFieldName('package');
      const name = node.childForFieldName('name');
      return pkg && name ? { kind: 'selector', operand: { kind: 'ident', name: pkg.text }, field: name.text } : { kind: 'other' };
    }
    case 'call_expression': {
      const fn = node.childForFieldName('function');
      if (!fn) return { kind: 'other' };
      if (fn.type === 'identifier' && fn.text === 'new') {
        const argument = node.childForFieldName('arguments')?.firstNamedChild;
        return argument ? { kind: 'typed', type: argument.text } : { kind: 'other' };
      }
      return { kind: 'call', fn: exprOf(fn, depth + 1) };
    }
    case 'composite_literal': {
      const type = node.childForFieldName('type');
      return type ? { kind: 'typed', type: type.text } : { kind: 'other' };
    }
    case 'type_assertion_expression': {
      const type = node.childForFieldName('type');
      return type ? { kind: 'typed', type: type.text } : { kind: 'other' };
    }
    case 'unary_expression': {
      const operand = node.childForFieldName('operand');
      return operand && node.childForFieldName('operator')?.type === '&' ? exprOf(operand, depth + 1) : { kind: 'other' };
    }
    case 'parenthesized_expression': {
      const inner = node.firstNamedChild;
      return inner ? exprOf(inner, depth + 1) : { kind: 'other' };
    }
    case 'index_expression': {
      const operand = node.childForFieldName('operand');
      return operand ? { kind: 'index', operand: exprOf(operand, depth + 1) } : { kind: 'other' };
    }
    default:
      return { kind: 'other' };
  }
}

/** The comment lines right above a declaration (a comment ending a line of code is not one of them). */
export function goDoc(node: Node | null): string | null {
  if (!node) return null;
  const lines: string[] = [];
  let row = node.startPosition.row;
  for (let comment = node.previousSibling; comment?.type === 'comment'; comment = comment.previousSibling) {
    if (comment.endPosition.row !== row - 1 && comment.endPosition.row !== row) break;
    const before = comment.previousSibling;
    if (before && before.type !== 'comment' && before.endPosition.row === comment.startPosition.row) break;
    lines.unshift(comment.text);
    row = comment.startPosition.row;
  }
  if (lines.length === 0) return null;
  const text = lines
    .map((line) =>
      line.startsWith('//')
        ? line.slice(2).replace(/^ /, '')
        : line
            .slice(2, -2)
            .split('\n')
            .map((part) => part.replace(/^\s*\*?\s?/, ''))
            .join('\n'),
    )
    .join('\n');
  return docText(text);
}

/** Element type of a slice, array, map (its values) or channel type. */
export function elementType(text: string): string | null {
  const type = text.replace(/\s+/g, ' ').trim();
  if (type.startsWith('[]')) return type.slice(2);
  if (type.startsWith('...')) return type.slice(3);
  const array = /^\[[^\]]*\](.*)$/.exec(type);
  if (array) return array[1]!;
  if (type.startsWith('map[')) {
    let depth = 0;
    for (let i = 3; i < type.length; i++) {
      if (type[i] === '[') depth++;
      else if (type[i] === ']' && --depth === 0) return type.slice(i + 1);
    }
    return null;
  }
  const channel = /^(?:<-\s*)?chan(?:\s*<-)?\s+(.*)$/.exec(type);
  return channel ? channel[1]! : null;
}
