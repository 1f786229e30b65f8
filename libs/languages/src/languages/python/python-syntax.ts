import type { Node } from 'web-tree-sitter';
import { MAX_EXPRESSION_DEPTH } from '../../tree-sitter/scopes';
import { docText } from '../../tree-sitter/symbol-rows';
import type { PyExpr } from './python-model';

/** Readers of Python syntax nodes: parameters, the expressions call resolution follows, docstrings. */

/** A decorated definition starts at its first decorator. */
export function decoratedOrSelf(node: Node): Node {
  return node.parent?.type === 'decorated_definition' ? node.parent : node;
}

/** A parameter's name and annotation. */
export function parameterOf(parameter: Node): { name: string | null; type: string | null } {
  switch (parameter.type) {
    case 'identifier':
      return { name: parameter.text, type: null };
    case 'typed_parameter': {
      const first = parameter.firstNamedChild;
      if (first?.type === 'identifier') return { name: first.text, type: parameter.childForFieldName('type')?.text ?? null };
      // `*args: T` and `**kwargs: T` hold a tuple or a dict of T.
      return { name: first?.firstNamedChild?.type === 'identifier' ? first.firstNamedChild.text : null, type: null };
    }
    case 'list_splat_pattern':
    case 'dictionary_splat_pattern':
      return { name: parameter.firstNamedChild?.type === 'identifier' ? parameter.firstNamedChild.text : null, type: null };
    case 'default_parameter':
      return { name: parameter.childForFieldName('name')?.text ?? null, type: null };
    case 'typed_default_parameter':
      return { name: parameter.childForFieldName('name')?.text ?? null, type: parameter.childForFieldName('type')?.text ?? null };
    default:
      return { name: null, type: null };
  }
}

/** An expression as far as call resolution cares: a dotted path, a call of one, `super()`. */
export function exprOf(node: Node, depth = 0): PyExpr {
  if (depth > MAX_EXPRESSION_DEPTH) return { kind: 'other' };
  switch (node.type) {
    case 'identifier':
      return { kind: 'path', parts: [node.text] };
    case 'attribute': {
      const object = node.childForFieldName('object');
      const attribute = node.childForFieldName('attribute');
      if (!object || !attribute) return { kind: 'other' };
      const inner = exprOf(object, depth + 1);
      return inner.kind === 'path' ? { kind: 'path', parts: [...inner.parts, attribute.text] } : { kind: 'other' };
    }
    case 'call': {
      const fn = node.childForFieldName('function');
      if (!fn) return { kind: 'other' };
      if (fn.type === 'identifier' && fn.text === 'super') return { kind: 'super' };
      return { kind: 'call', callee: exprOf(fn, depth + 1) };
    }
    case 'parenthesized_expression': {
      const inner = node.firstNamedChild;
      return inner ? exprOf(inner, depth + 1) : { kind: 'other' };
    }
    default:
      return { kind: 'other' };
  }
}

/** The docstring of a class or function body: its first statement when that is a string. */
export function docstring(body: Node | null): string | null {
  const first = body?.firstNamedChild;
  if (!first || first.type !== 'expression_statement') return null;
  const string = first.firstNamedChild;
  if (!string || string.type !== 'string' || first.namedChildCount !== 1) return null;
  return docText(cleanDocstring(string.text));
}

/** Quotes and prefix removed, indentation removed like inspect.cleandoc. */
function cleanDocstring(literal: string): string {
  const match = /^[rRuUbBfF]*("""|'''|"|')([\s\S]*?)\1$/.exec(literal);
  const body = match ? match[2]! : literal;
  const lines = body.split('\n');
  const rest = lines.slice(1);
  const indents = rest.filter((line) => line.trim()).map((line) => line.length - line.trimStart().length);
  const indent = indents.length > 0 ? Math.min(...indents) : 0;
  return [lines[0]!.trim(), ...rest.map((line) => line.slice(indent).trimEnd())].join('\n').trim();
}
