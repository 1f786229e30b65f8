import type { Node } from 'web-tree-sitter';
import { MAX_EXPRESSION_DEPTH } from '../../tree-sitter/scopes';
import { docText } from '../../tree-sitter/symbol-rows';
import { namedChildrenOf } from '../../tree-sitter/tree-sitter';
import type { TypedExpr } from '../../tree-sitter/typed-values';

/** Readers of Swift syntax nodes: doc comments, modifiers, attributes, types, the expressions call resolution follows. */

/** The nodes a type is written with. */
export const TYPE_NODES = new Set([
  'user_type',
  'optional_type',
  'array_type',
  'dictionary_type',
  'tuple_type',
  'function_type',
  'opaque_type',
  'existential_type',
  'metatype',
  'protocol_composition_type',
]);

/**
 * The doc comment right above a declaration: a `/** ... *\/` block (`*` and the delimiters removed)
 * or a run of `///` lines, tags (`- Parameter x:`) kept.
 */
export function swiftDoc(node: Node): string | null {
  let previous = node.previousNamedSibling;
  if (previous?.type === 'multiline_comment') {
    if (!previous.text.startsWith('/**') || previous.endPosition.row < node.startPosition.row - 1) return null;
    return docText(
      previous.text
        .slice(3, -2)
        .split('\n')
        .map((line) => line.replace(/^\s*\*\s?/, ''))
        .join('\n'),
    );
  }
  const lines: string[] = [];
  let row = node.startPosition.row;
  while (previous?.type === 'comment' && previous.text.startsWith('///') && previous.endPosition.row === row - 1) {
    lines.unshift(previous.text.replace(/^\/\/\/ ?/, ''));
    row = previous.startPosition.row;
    previous = previous.previousNamedSibling;
  }
  return lines.length > 0 ? docText(lines.join('\n')) : null;
}

/** The modifier words of a declaration (`public`, `static`, `final`, `convenience`...), attributes left out. */
export function modifiersOf(node: Node): string[] {
  const modifiers = node.namedChildren.find((child) => child.type === 'modifiers');
  if (!modifiers) return [];
  return namedChildrenOf(modifiers)
    .filter((child) => child.type !== 'attribute')
    .map((child) => child.text);
}

/** Simple names of a declaration's attributes (`@Test("x")` is `Test`, `@testable` is `testable`). */
export function attributeNames(node: Node): string[] {
  const modifiers = node.namedChildren.find((child) => child.type === 'modifiers');
  if (!modifiers) return [];
  return namedChildrenOf(modifiers)
    .filter((child) => child.type === 'attribute')
    .map((attribute) => typeName(attribute.namedChildren.find((child) => child.type === 'user_type')) ?? '')
    .map((name) => name.slice(name.lastIndexOf('.') + 1));
}

/** A name as declared: backticks removed (`` `default` `` is `default`). */
export function declaredName(node: Node | null | undefined): string | null {
  const text = node?.text;
  if (!text) return null;
  return text.startsWith('`') && text.endsWith('`') ? text.slice(1, -1) : text;
}

/** A type's name as written, without generic arguments or `?` (`Shop.Item?` is `Shop.Item`); null for arrays, tuples, functions. */
export function typeName(node: Node | null | undefined): string | null {
  if (!node) return null;
  if (node.type === 'optional_type' || node.type === 'opaque_type' || node.type === 'existential_type')
    return typeName(node.firstNamedChild);
  if (node.type !== 'user_type') return null;
  return namedChildrenOf(node)
    .filter((child) => child.type === 'type_identifier')
    .map((child) => child.text)
    .join('.');
}

/** The children of `node` a grammar field names (Swift's grammar names several children `name`: a function's name and its result). */
export function fieldChildren(node: Node, field: string): Node[] {
  const children: Node[] = [];
  for (let i = 0; i < node.childCount; i++) if (node.fieldNameForChild(i) === field) children.push(node.child(i)!);
  return children;
}

/** A function's result type: the type written after `->`. */
export function resultTypeOf(node: Node): Node | null {
  let arrow = false;
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.type === '->') arrow = true;
    else if (arrow && TYPE_NODES.has(child.type)) return child;
  }
  return null;
}

/** The names a `let`/`var` declares (`let a = 1, b = 2` declares two). */
export function boundNames(declaration: Node): { name: string; node: Node }[] {
  return fieldChildren(declaration, 'name')
    .filter((pattern) => pattern.type === 'pattern')
    .flatMap((pattern) => fieldChildren(pattern, 'bound_identifier'))
    .map((node) => ({ name: declaredName(node) ?? '', node }))
    .filter((bound) => bound.name !== '');
}

/** Arguments of a call: its value arguments and trailing closures. */
export function argumentCount(call: Node): number {
  let count = 0;
  const suffix = call.namedChildren.find((child) => child.type === 'call_suffix');
  for (const child of suffix ? namedChildrenOf(suffix) : []) {
    if (child.type === 'value_arguments') count += child.namedChildren.filter((argument) => argument.type === 'value_argument').length;
    else if (child.type === 'lambda_literal') count++;
  }
  return count;
}

/** An expression as far as call resolution cares: names, `self`, `super`, member access, calls, `Type(...)` constructions. */
export function exprOf(node: Node, depth = 0): TypedExpr {
  if (depth > MAX_EXPRESSION_DEPTH) return { kind: 'other' };
  switch (node.type) {
    case 'simple_identifier':
      return { kind: 'name', name: declaredName(node)! };
    case 'self_expression':
      return { kind: 'self' };
    case 'super_expression':
      return { kind: 'super' };
    case 'navigation_expression': {
      const member = memberOf(node, depth);
      return member ? { kind: 'member', object: member.object, name: member.name } : { kind: 'other' };
    }
    case 'call_expression': {
      const callee = calleeOf(node, depth);
      if (!callee) return { kind: 'other' };
      // `Pricing()`: a type is called to construct it (Swift's types are capitalised, its functions are not).
      if (callee.object === null && /^\p{Lu}/u.test(callee.name)) return { kind: 'typed', type: callee.name };
      return { kind: 'call', object: callee.object, name: callee.name, args: argumentCount(node) };
    }
    // `try f()`, `await f()`, `x!`, `x?`, `(x)`: the value inside.
    case 'try_expression':
    case 'await_expression':
    case 'postfix_expression':
    case 'tuple_expression': {
      const inner = node.namedChildren.filter((child) => child.type !== 'try_operator' && child.type !== 'bang').at(-1);
      return inner && (node.type !== 'tuple_expression' || node.namedChildCount === 1) ? exprOf(inner, depth + 1) : { kind: 'other' };
    }
    case 'as_expression': {
      const type = typeName(node.namedChildren.find((child) => TYPE_NODES.has(child.type)));
      return type ? { kind: 'typed', type } : { kind: 'other' };
    }
    default:
      return { kind: 'other' };
  }
}

/** `x.name`: the object and the member's name. */
function memberOf(node: Node, depth: number): { object: TypedExpr; name: string } | null {
  const target = node.childForFieldName('target');
  const suffix = node.childForFieldName('suffix');
  const name = suffix?.childForFieldName('suffix');
  if (!target || name?.type !== 'simple_identifier') return null;
  return { object: exprOf(target, depth + 1), name: declaredName(name)! };
}

/** What a call calls: a bare name (`f(...)`), or a name on a receiver (`x.f(...)`, `x?.f(...)`, `self.init(...)`). */
export function calleeOf(call: Node, depth = 0): { object: TypedExpr | null; name: string } | null {
  const fn = call.firstNamedChild;
  if (!fn) return null;
  if (fn.type === 'simple_identifier') return { object: null, name: declaredName(fn)! };
  if (fn.type === 'navigation_expression') return memberOf(fn, depth);
  return null;
}
