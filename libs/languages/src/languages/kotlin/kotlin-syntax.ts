import type { Node } from 'web-tree-sitter';
import { MAX_EXPRESSION_DEPTH } from '../../tree-sitter/scopes';
import { docText } from '../../tree-sitter/symbol-rows';
import { namedChildrenOf } from '../../tree-sitter/tree-sitter';
import type { TypedExpr } from '../../tree-sitter/typed-values';

/** Readers of Kotlin syntax nodes: KDoc, modifiers, annotations, types, the expressions call resolution follows. */

/** The KDoc `/** ... *\/` block right above a declaration, `*` and the delimiters removed, tags kept. */
export function kdoc(node: Node): string | null {
  const previous = node.previousNamedSibling;
  if (previous?.type !== 'block_comment' || !previous.text.startsWith('/**')) return null;
  if (previous.endPosition.row < node.startPosition.row - 1) return null;
  return docText(
    previous.text
      .slice(3, -2)
      .split('\n')
      .map((line) => line.replace(/^\s*\*\s?/, ''))
      .join('\n'),
  );
}

/** The modifier words of a declaration (`data`, `private`, `override`, `companion`...). */
export function modifiersOf(node: Node): string[] {
  const modifiers = node.namedChildren.find((child) => child.type === 'modifiers');
  if (!modifiers) return [];
  return namedChildrenOf(modifiers)
    .filter((child) => child.type !== 'annotation')
    .map((child) => child.text);
}

/** Simple names of a declaration's annotations (`@Test`, `@org.junit.jupiter.api.Test` are `Test`). */
export function annotationNames(node: Node): string[] {
  const modifiers = node.namedChildren.find((child) => child.type === 'modifiers');
  if (!modifiers) return [];
  return namedChildrenOf(modifiers)
    .filter((child) => child.type === 'annotation')
    .map((annotation) => {
      const type = annotation.namedChildren.find((child) => child.type === 'user_type' || child.type === 'constructor_invocation');
      const text = (type?.type === 'constructor_invocation' ? type.firstNamedChild : type)?.text ?? '';
      return text.slice(text.lastIndexOf('.') + 1);
    });
}

/** A name as declared: backticks removed (`` `adds items` `` is `adds items`). */
export function declaredName(node: Node | null | undefined): string | null {
  const text = node?.text;
  if (!text) return null;
  return text.startsWith('`') && text.endsWith('`') ? text.slice(1, -1) : text;
}

/** A type's name as written, without type arguments, `?` or spaces (`List<Item>?` is `List`); null for a function type. */
export function typeName(node: Node | null | undefined): string | null {
  if (!node) return null;
  if (node.type === 'nullable_type' || node.type === 'parenthesized_type') return typeName(node.firstNamedChild);
  if (node.type !== 'user_type') return null;
  return namedChildrenOf(node)
    .filter((child) => child.type === 'identifier')
    .map((child) => child.text)
    .join('.');
}

/** Arguments of a call: its value arguments and a trailing lambda. */
export function argumentCount(call: Node): number {
  let count = 0;
  for (const child of namedChildrenOf(call)) {
    if (child.type === 'value_arguments') count += child.namedChildren.filter((argument) => argument.type === 'value_argument').length;
    else if (child.type === 'annotated_lambda') count++;
  }
  return count;
}

/** A string literal's text, when it has no template in it. */
export function stringText(node: Node | null | undefined): string | null {
  if (node?.type !== 'string_literal' || node.namedChildren.some((child) => child.type !== 'string_content')) return null;
  return node.namedChildren.map((child) => child.text).join('');
}

/** An expression as far as call resolution cares: names, `this`, `super`, member access, calls, `Type(...)` constructions. */
export function exprOf(node: Node, depth = 0): TypedExpr {
  if (depth > MAX_EXPRESSION_DEPTH) return { kind: 'other' };
  switch (node.type) {
    case 'identifier':
      return { kind: 'name', name: node.text };
    case 'this_expression':
      return { kind: 'self' };
    case 'super_expression':
      return { kind: 'super' };
    case 'navigation_expression': {
      const [object, name] = [node.firstNamedChild, node.lastNamedChild];
      return object && name?.type === 'identifier' && object.id !== name.id
        ? { kind: 'member', object: exprOf(object, depth + 1), name: name.text }
        : { kind: 'other' };
    }
    case 'call_expression': {
      const callee = calleeOf(node, depth);
      if (!callee) return { kind: 'other' };
      // `Pricing()`: a class is called to construct it (Kotlin's classes are capitalised, its functions are not).
      if (callee.object === null && /^\p{Lu}/u.test(callee.name)) return { kind: 'typed', type: callee.name };
      return { kind: 'call', object: callee.object, name: callee.name, args: argumentCount(node) };
    }
    case 'parenthesized_expression': {
      const inner = node.firstNamedChild;
      return inner ? exprOf(inner, depth + 1) : { kind: 'other' };
    }
    case 'as_expression': {
      const type = typeName(node.lastNamedChild);
      return type ? { kind: 'typed', type } : { kind: 'other' };
    }
    default:
      return { kind: 'other' };
  }
}

/** What a call calls: a bare name (`f(...)`), or a name on a receiver (`x.f(...)`, `x?.f(...)`). */
export function calleeOf(call: Node, depth = 0): { object: TypedExpr | null; name: string } | null {
  const fn = call.firstNamedChild;
  if (!fn) return null;
  if (fn.type === 'identifier') return { object: null, name: fn.text };
  if (fn.type === 'navigation_expression') {
    const [object, name] = [fn.firstNamedChild, fn.lastNamedChild];
    if (!object || name?.type !== 'identifier' || object.id === name.id) return null;
    return { object: exprOf(object, depth + 1), name: name.text };
  }
  return null;
}
