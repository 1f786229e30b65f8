import type { Node } from 'web-tree-sitter';
import { MAX_EXPRESSION_DEPTH } from '../../tree-sitter/scopes';
import { docText } from '../../tree-sitter/symbol-rows';
import { namedChildrenOf } from '../../tree-sitter/tree-sitter';
import type { TypedExpr } from '../../tree-sitter/typed-values';

/** Readers of PHP syntax nodes: PHPDoc blocks, names, attributes, the expressions call resolution follows. */

/** The raw `/** ... *\/` block right above a declaration (attributes between them allowed), or null. */
export function phpDocBlock(node: Node): string | null {
  const previous = node.previousNamedSibling;
  if (previous?.type !== 'comment' || !previous.text.startsWith('/**')) return null;
  if (previous.endPosition.row < node.startPosition.row - 1) return null;
  return previous.text;
}

/** A PHPDoc block as stored: the text without `/**`, `*` and `*\/`, tags kept (`@param`, `@return`, `@test`). */
export function phpDoc(node: Node): string | null {
  const block = phpDocBlock(node);
  if (block === null) return null;
  return docText(
    block
      .slice(3, -2)
      .split('\n')
      .map((line) => line.replace(/^\s*\*\s?/, ''))
      .join('\n'),
  );
}

/** The type a PHPDoc tag gives (`@var Type`, `@param Type $name`, `@return Type`), when it names one class. */
export function docType(block: string | null, tag: 'var' | 'param' | 'return', variable?: string): string | null {
  if (block === null) return null;
  const pattern = tag === 'param' ? new RegExp(`@param\\s+(\\S+)\\s+(?:\\.\\.\\.)?\\$${variable}\\b`) : new RegExp(`@${tag}\\s+([^\\s*]+)`);
  const found = pattern.exec(block)?.[1];
  return found ? singleType(found) : null;
}

/** A type as written with one class in it: `?Foo`, `Foo|null`, `\A\Foo`; null for a union of several or a generic shape. */
export function singleType(text: string): string | null {
  const parts = text
    .replace(/^\?/, '')
    .split('|')
    .map((part) => part.trim())
    .filter((part) => part !== '' && part.toLowerCase() !== 'null');
  if (parts.length !== 1 || /[<>{}()[\]]/.test(parts[0]!)) return null;
  return parts[0]!;
}

/** Simple names of a declaration's attributes (`#[Test]`, `#[\PHPUnit\Framework\Attributes\Test]` are `Test`). */
export function attributeNames(node: Node): string[] {
  const list = node.childForFieldName('attributes') ?? node.namedChildren.find((child) => child.type === 'attribute_list');
  if (!list) return [];
  const names: string[] = [];
  for (const group of namedChildrenOf(list))
    for (const attribute of namedChildrenOf(group)) {
      const name = attribute.namedChildren.find((child) => child.type === 'name' || child.type === 'qualified_name')?.text;
      if (name) names.push(name.slice(name.lastIndexOf('\\') + 1));
    }
  return names;
}

/** A variable's name without its `$`. */
export function variableName(node: Node): string {
  return node.text.replace(/^\$/, '');
}

/** Arguments of a call, comments left out. */
export function argumentCount(call: Node): number {
  const list = call.childForFieldName('arguments') ?? call.namedChildren.find((child) => child.type === 'arguments');
  return list?.namedChildren.filter((child) => child.type === 'argument').length ?? 0;
}

/** The class a `new` names, as written (`Foo`, `\A\Foo`, `static`, `self`); null for `new $class` or an anonymous class. */
export function createdClass(node: Node): string | null {
  const name = node.namedChildren.find((child) => child.type === 'name' || child.type === 'qualified_name');
  return name ? name.text : null;
}

/** An expression as far as call resolution cares: variables, `$this`, properties, calls, `new`, static calls. */
export function exprOf(node: Node, depth = 0): TypedExpr {
  if (depth > MAX_EXPRESSION_DEPTH) return { kind: 'other' };
  switch (node.type) {
    case 'variable_name':
      return node.text === '$this' ? { kind: 'self' } : { kind: 'name', name: node.text };
    case 'member_access_expression':
    case 'nullsafe_member_access_expression': {
      const object = node.childForFieldName('object');
      const name = node.childForFieldName('name');
      return object && name?.type === 'name' ? { kind: 'member', object: exprOf(object, depth + 1), name: name.text } : { kind: 'other' };
    }
    case 'member_call_expression':
    case 'nullsafe_member_call_expression': {
      const object = node.childForFieldName('object');
      const name = node.childForFieldName('name');
      return object && name?.type === 'name'
        ? { kind: 'call', object: exprOf(object, depth + 1), name: name.text, args: argumentCount(node) }
        : { kind: 'other' };
    }
    case 'scoped_call_expression': {
      const scope = node.childForFieldName('scope');
      const name = node.childForFieldName('name');
      return scope && name?.type === 'name' && scope.type !== 'variable_name'
        ? { kind: 'path', path: scope.text, name: name.text, args: argumentCount(node) }
        : { kind: 'other' };
    }
    case 'function_call_expression': {
      const fn = node.childForFieldName('function');
      return fn && (fn.type === 'name' || fn.type === 'qualified_name')
        ? { kind: 'call', object: null, name: fn.text, args: argumentCount(node) }
        : { kind: 'other' };
    }
    case 'object_creation_expression': {
      const created = createdClass(node);
      return created ? { kind: 'typed', type: created } : { kind: 'other' };
    }
    case 'parenthesized_expression': {
      const inner = node.firstNamedChild;
      return inner ? exprOf(inner, depth + 1) : { kind: 'other' };
    }
    default:
      return { kind: 'other' };
  }
}
