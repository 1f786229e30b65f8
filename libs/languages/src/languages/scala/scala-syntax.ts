import type { Node } from 'web-tree-sitter';
import { MAX_EXPRESSION_DEPTH } from '../../tree-sitter/scopes';
import { docText } from '../../tree-sitter/symbol-rows';
import { namedChildrenOf } from '../../tree-sitter/tree-sitter';
import type { TypedExpr } from '../../tree-sitter/typed-values';

/** Readers of Scala syntax nodes: Scaladoc, modifiers, annotations, types, the expressions call resolution follows. */

/**
 * The Scaladoc `/** ... *\/` block right above a declaration (annotations may stand between),
 * `*` and the delimiters removed, tags (`@param`) kept.
 */
export function scaladoc(node: Node): string | null {
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

/** The modifier words of a declaration (`private[shop]` is `private`; `case`, `sealed`, `implicit`, `override`...). */
function modifiersOf(node: Node): string[] {
  const modifiers = node.namedChildren.find((child) => child.type === 'modifiers');
  if (!modifiers) return [];
  return namedChildrenOf(modifiers).map((child) => (child.type === 'access_modifier' ? child.text.replace(/\[.*$/s, '') : child.text));
}

/** Neither `private` nor `protected`: seen from other packages (Scala's default is public). */
export function isVisible(node: Node): boolean {
  const modifiers = modifiersOf(node);
  return !modifiers.includes('private') && !modifiers.includes('protected');
}

/** Simple names of a declaration's annotations (`@Test`, `@org.junit.Test` are `Test`). */
export function annotationNames(node: Node): string[] {
  return node.namedChildren
    .filter((child) => child.type === 'annotation')
    .map((annotation) => {
      const text = annotation.childForFieldName('name')?.text ?? '';
      return text.slice(text.lastIndexOf('.') + 1);
    });
}

/** A name as declared: backticks removed (`` `type` `` is `type`). */
export function declaredName(node: Node | null | undefined): string | null {
  const text = node?.text;
  if (!text) return null;
  return text.startsWith('`') && text.endsWith('`') && text.length > 2 ? text.slice(1, -1) : text;
}

/** A type's name as written, without type arguments (`List[Item]` is `List`, `os.Path` is `os.Path`); null for function and tuple types. */
export function typeName(node: Node | null | undefined): string | null {
  if (!node) return null;
  switch (node.type) {
    case 'type_identifier':
      return declaredName(node);
    case 'stable_type_identifier':
      return node.text.replace(/\s+/g, '');
    case 'generic_type':
    case 'annotated_type':
    case 'repeated_parameter_type':
    case 'lazy_parameter_type':
      return typeName(node.childForFieldName('type') ?? node.firstNamedChild);
    case 'compound_type':
      return typeName(node.childForFieldName('base') ?? node.firstNamedChild);
    default:
      return null;
  }
}

/** The value parameter lists of a function or class (`parameters` nodes; type parameters left out). */
export function parameterLists(node: Node): Node[] {
  return node.namedChildren.filter((child) => child.type === 'parameters' || child.type === 'class_parameters');
}

/** Arguments of a call: its argument list's expressions, or 1 for a block argument (`foreach { ... }`). */
export function argumentCount(call: Node): number {
  const args = call.childForFieldName('arguments');
  if (!args) return 0;
  return args.type === 'arguments'
    ? args.namedChildren.filter((child) => child.type !== 'comment' && child.type !== 'block_comment').length
    : 1;
}

/** A string literal's text, when it is plain (no interpolation). */
export function stringText(node: Node | null | undefined): string | null {
  if (node?.type !== 'string') return null;
  const text = node.text;
  return text.startsWith('"""') ? text.slice(3, -3) : text.slice(1, -1);
}

/** The words Scala calls constructs with when they are capitalised: types and objects (`Cart(...)`, `Item.apply`). */
export function isTypeLike(name: string): boolean {
  return /^\p{Lu}/u.test(name);
}

/** An expression as far as call resolution cares: names, `this`, `super`, member reads, calls, `new T`, `T(...)`, ascriptions. */
export function exprOf(node: Node, depth = 0): TypedExpr {
  if (depth > MAX_EXPRESSION_DEPTH) return { kind: 'other' };
  switch (node.type) {
    case 'identifier':
      if (node.text === 'this') return { kind: 'self' };
      if (node.text === 'super') return { kind: 'super' };
      return { kind: 'name', name: declaredName(node)! };
    case 'field_expression': {
      const value = node.childForFieldName('value');
      const field = node.childForFieldName('field');
      return value && field ? { kind: 'member', object: exprOf(value, depth + 1), name: declaredName(field)! } : { kind: 'other' };
    }
    case 'call_expression': {
      const callee = calleeOf(node, depth);
      if (!callee) return { kind: 'other' };
      // `Cart(...)`: a case class's (or companion's) apply constructs one.
      if (callee.object === null && isTypeLike(callee.name)) return { kind: 'typed', type: callee.name };
      return { kind: 'call', object: callee.object, name: callee.name, args: argumentCount(node) };
    }
    case 'instance_expression': {
      const type = typeName(node.namedChildren.find((child) => child.type !== 'arguments' && child.type !== 'template_body'));
      return type ? { kind: 'typed', type } : { kind: 'other' };
    }
    case 'ascription_expression': {
      const type = typeName(node.namedChildren[1]);
      return type ? { kind: 'typed', type } : { kind: 'other' };
    }
    case 'parenthesized_expression': {
      const inner = node.firstNamedChild;
      return inner ? exprOf(inner, depth + 1) : { kind: 'other' };
    }
    case 'generic_function': {
      // `x.asInstanceOf[Cart]`: the type; `f[T]`: the function.
      const fn = node.childForFieldName('function');
      if (fn?.type === 'field_expression' && fn.childForFieldName('field')?.text === 'asInstanceOf') {
        const type = typeName(node.childForFieldName('type_arguments')?.firstNamedChild);
        return type ? { kind: 'typed', type } : { kind: 'other' };
      }
      return fn ? exprOf(fn, depth + 1) : { kind: 'other' };
    }
    default:
      return { kind: 'other' };
  }
}

/** What a call calls: a bare name (`f(...)`, `f[T](...)`), or a name on a receiver (`x.f(...)`). */
export function calleeOf(call: Node, depth = 0): { object: TypedExpr | null; name: string } | null {
  let fn = call.childForFieldName('function');
  if (fn?.type === 'generic_function') fn = fn.childForFieldName('function');
  if (!fn) return null;
  if (fn.type === 'identifier') return { object: null, name: declaredName(fn)! };
  if (fn.type === 'field_expression') {
    const value = fn.childForFieldName('value');
    const field = fn.childForFieldName('field');
    if (!value || !field) return null;
    return { object: exprOf(value, depth + 1), name: declaredName(field)! };
  }
  return null;
}

/** The names a `val`/`var` binds: `val x`, `val (a, b)`, `val x, y: Int`. */
export function boundNames(node: Node): string[] {
  const names: string[] = [];
  for (let i = 0; i < node.childCount; i++) {
    const field = node.fieldNameForChild(i);
    if (field !== 'pattern' && field !== 'name') continue;
    const pattern = node.child(i)!;
    if (pattern.type === 'identifier') names.push(declaredName(pattern)!);
    else if (pattern.type === 'identifiers' || pattern.type === 'tuple_pattern')
      for (const child of namedChildrenOf(pattern)) if (child.type === 'identifier') names.push(declaredName(child)!);
  }
  return names;
}

/** An anonymous given's name, as the compiler makes it: `given Ordering[Cart]` is `given_Ordering_Cart`. */
export function givenName(written: Node | null): string | null {
  if (!written) return null;
  const parts = written.text.match(/[\p{L}\p{N}_]+/gu);
  return parts ? `given_${parts.join('_')}` : null;
}

/** A test's words: `"adds"`, `"A cart" should "add"`, `it should "add"`; null when no string is among them. */
export function wordsOf(node: Node): string | null {
  const literal = stringText(node);
  if (literal !== null) return literal;
  if (node.type === 'identifier') return node.text;
  if (node.type !== 'infix_expression') return null;
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  const operator = node.childForFieldName('operator')?.text;
  if (!left || !right || !operator) return null;
  const [before, after] = [wordsOf(left), stringText(right)];
  if (before === null || after === null) return null;
  return `${before} ${operator} ${after}`;
}

/** A FreeSpec group's block: it holds `"..." in { }` or `"..." - { }` cases. */
export function holdsCases(block: Node): boolean {
  return block.descendantsOfType('infix_expression').some((infix) => {
    const operator = infix.childForFieldName('operator')?.text;
    return (operator === '-' || operator === 'in') && stringText(infix.childForFieldName('left')) !== null;
  });
}

/** What a lambda is bound to: a `val` (`val f = x => ...`), a call's argument (`map(0)`) or block (`foreach{}`); else `lambda`. */
export function bindingOf(node: Node): string {
  const parent = node.parent;
  if (!parent) return 'lambda';
  if (parent.type === 'val_definition' || parent.type === 'var_definition') return boundNames(parent)[0] ?? 'lambda';
  const call = parent.parent;
  if (parent.type === 'arguments' && call?.type === 'call_expression') {
    const index = namedChildrenOf(parent).findIndex((argument) => argument.id === node.id);
    return `${calleeOf(call)?.name ?? 'call'}(${index})`;
  }
  if (parent.type === 'block' && call?.type === 'call_expression' && call.childForFieldName('arguments')?.id === parent.id)
    return `${calleeOf(call)?.name ?? 'call'}{}`;
  return 'lambda';
}
