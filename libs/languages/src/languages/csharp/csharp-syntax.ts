import type { Node } from 'web-tree-sitter';
import { MAX_EXPRESSION_DEPTH } from '../../tree-sitter/scopes';
import { docText } from '../../tree-sitter/symbol-rows';
import { namedChildrenOf, oneLine } from '../../tree-sitter/tree-sitter';
import type { TypedExpr } from '../../tree-sitter/typed-values';

/** Readers of C# syntax nodes: modifiers, attributes, XML doc comments, type names, the expressions call resolution follows. */

export function modifiersOf(node: Node): string[] {
  return node.namedChildren.filter((child) => child.type === 'modifier').map((child) => child.text);
}

/** Simple names of a declaration's attributes, `Attribute` suffix and namespace removed (`[Xunit.FactAttribute]` is `Fact`). */
export function attributeNames(node: Node): string[] {
  const names: string[] = [];
  for (const list of node.namedChildren) {
    if (list.type !== 'attribute_list') continue;
    for (const attribute of namedChildrenOf(list)) {
      const name = attribute.childForFieldName('name')?.text;
      if (name) names.push(name.slice(name.lastIndexOf('.') + 1).replace(/Attribute$/, ''));
    }
  }
  return names;
}

/** The `///` lines (or a `/** *\/` block) right above a declaration, XML tags removed. */
export function xmlDoc(node: Node): string | null {
  const lines: string[] = [];
  let row = node.startPosition.row;
  for (let previous = node.previousSibling; previous?.type === 'comment'; previous = previous.previousSibling) {
    if (previous.endPosition.row < row - 1) break;
    const text = previous.text;
    if (text.startsWith('///')) lines.unshift(text.slice(3));
    else if (text.startsWith('/**'))
      lines.unshift(
        ...text
          .slice(3, -2)
          .split('\n')
          .map((line) => line.replace(/^\s*\*\s?/, '')),
      );
    else break;
    row = previous.startPosition.row;
  }
  if (lines.length === 0) return null;
  const text = lines
    .join('\n')
    .replace(/<(see|seealso|paramref|typeparamref)\s+\w+="([^"]*)"\s*\/>/g, '$2')
    .replace(/<[^>]+>/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line, i, all) => line !== '' || (i > 0 && all[i - 1] !== ''))
    .join('\n');
  return docText(text);
}

/**
 * The base name of a type as written: generic arguments, `?`, `global::` and white space removed;
 * `array` when it is an array or a pointer (nothing of the repository is called on those).
 */
export function baseTypeName(text: string): { name: string; array: boolean } {
  let type = oneLine(text).replace(/^global::/, '');
  const array = /(\[[,\s]*\]|\*)\s*\??$/.test(type);
  let depth = 0;
  let base = '';
  for (const char of type) {
    if (char === '<') depth++;
    else if (char === '>') depth--;
    else if (depth === 0) base += char;
  }
  type = base.replace(/\[[,\s]*\]/g, '').replace(/[?*\s]/g, '');
  return { name: type, array };
}

/** `Task<T>`, `ValueTask<T>`: T, for `await`. */
export function awaitedType(text: string): string | null {
  const generic = /^(?:[\w.]*\.)?(Task|ValueTask)\s*<(.*)>$/s.exec(oneLine(text));
  return generic ? generic[2]!.trim() : null;
}

/** Arguments of a call, comments left out. */
export function argumentCount(node: Node): number {
  const list = node.childForFieldName('arguments') ?? node.namedChildren.find((child) => child.type === 'argument_list');
  return list?.namedChildren.filter((child) => child.type === 'argument').length ?? 0;
}

/** The value a variable declarator is initialised with (the grammar gives it no field name). */
export function declaratorValue(declarator: Node): Node | null {
  const name = declarator.childForFieldName('name');
  for (let child = declarator.lastNamedChild; child; child = child.previousNamedSibling) {
    if (child.id === name?.id) return null;
    if (child.type !== 'bracketed_argument_list') return child;
  }
  return null;
}

/** An expression as far as call resolution cares. */
export function exprOf(node: Node, depth = 0): TypedExpr {
  if (depth > MAX_EXPRESSION_DEPTH) return { kind: 'other' };
  switch (node.type) {
    case 'identifier':
      return { kind: 'name', name: node.text };
    case 'this_expression':
    case 'this':
      return { kind: 'self' };
    case 'base_expression':
    case 'base':
      return { kind: 'super' };
    case 'generic_name': {
      const name = node.firstNamedChild;
      return name ? { kind: 'name', name: name.text } : { kind: 'other' };
    }
    case 'member_access_expression': {
      const object = node.childForFieldName('expression');
      const name = node.childForFieldName('name');
      return object && name ? { kind: 'member', object: exprOf(object, depth + 1), name: simpleName(name) } : { kind: 'other' };
    }
    case 'invocation_expression': {
      const fn = node.childForFieldName('function');
      const args = argumentCount(node);
      if (!fn) return { kind: 'other' };
      const callee = calleeOf(fn, depth);
      return callee ? { kind: 'call', object: callee.object, name: callee.name, args } : { kind: 'other' };
    }
    case 'object_creation_expression':
    case 'cast_expression': {
      const type = node.childForFieldName('type');
      return type ? { kind: 'typed', type: type.text } : { kind: 'other' };
    }
    case 'await_expression':
    case 'parenthesized_expression': {
      const inner = node.firstNamedChild;
      if (!inner) return { kind: 'other' };
      return node.type === 'await_expression' ? { kind: 'unwrap', inner: exprOf(inner, depth + 1) } : exprOf(inner, depth + 1);
    }
    default:
      return { kind: 'other' };
  }
}

/** What an invocation calls: a bare name, or a name on a receiver (`x.M`, `x?.M`, `M<T>`). */
export function calleeOf(fn: Node, depth = 0): { object: TypedExpr | null; name: string } | null {
  switch (fn.type) {
    case 'identifier':
      return { object: null, name: fn.text };
    case 'generic_name':
      return { object: null, name: simpleName(fn) };
    case 'member_access_expression': {
      const object = fn.childForFieldName('expression');
      const name = fn.childForFieldName('name');
      if (!name) return null;
      const receiver = object ? exprOf(object, depth + 1) : ({ kind: 'other' } as const);
      return { object: object?.type === 'this' || fn.child(0)?.type === 'this' ? { kind: 'self' } : receiver, name: simpleName(name) };
    }
    case 'conditional_access_expression': {
      const condition = fn.childForFieldName('condition');
      const binding = fn.namedChildren.find((child) => child.type === 'member_binding_expression');
      const name = binding?.childForFieldName('name');
      return condition && name ? { object: exprOf(condition, depth + 1), name: simpleName(name) } : null;
    }
    default:
      return null;
  }
}

/** `Name` of `Name<T>`. */
export function simpleName(node: Node): string {
  return node.type === 'generic_name' ? (node.firstNamedChild?.text ?? node.text) : node.text;
}
