import type { Node } from 'web-tree-sitter';
import { startLineOf } from '../../tree-sitter/tree-sitter';
import type { ScFunction, ScSite } from './scala-model';
import { argumentCount, calleeOf, declaredName, exprOf, isTypeLike, typeName } from './scala-syntax';

/** The call sites of a Scala file, one reader per node type: each gives the site `caller` makes there, or null when the node is none. */
export type SiteReader = (node: Node, caller: ScFunction) => ScSite | null;

/** `f(x)`, `x.f(x)`, `Cart(x)` (a case class's or companion's apply), `f[T](x)`; a curried call's first list only. */
export const callSite: SiteReader = (node, caller) => {
  const callee = calleeOf(node);
  if (!callee || callee.name === 'this' || callee.name === 'super') return null;
  const kind = callee.object === null && isTypeLike(callee.name) ? 'new' : 'call';
  return {
    caller,
    line: startLineOf(node),
    kind,
    name: callee.name,
    object: callee.object,
    path: null,
    args: argumentCount(node),
    apply: kind === 'new',
  };
};

/** `wd / "a"`, `a max b`: an operator or a method written infix, a call of the left side's method (followed only when its type is known). */
export const infixCallSite: SiteReader = (node, caller) => {
  const left = node.childForFieldName('left');
  const operator = declaredName(node.childForFieldName('operator'));
  if (!left || !operator) return null;
  return { caller, line: startLineOf(node), kind: 'call', name: operator, object: exprOf(left), path: null, args: 1, access: true };
};

/** `new Cart(x)`, `new Cart`, `new Foo[Int](1) { ... }`. */
export const constructionSite: SiteReader = (node, caller) => {
  const type = typeName(node.namedChildren.find((child) => child.type !== 'arguments' && child.type !== 'template_body'));
  if (!type) return null;
  return { caller, line: startLineOf(node), kind: 'new', name: type, object: null, path: null, args: argumentCount(node) };
};

/** `cart.total`, `Cart.empty`, `os.pwd`: a member read, which calls a method declared without parentheses. */
export const accessSite: SiteReader = (node, caller) => {
  const parent = node.parent;
  if (parent?.type === 'call_expression' && parent.childForFieldName('function')?.id === node.id) return null;
  if (parent?.type === 'generic_function') return null;
  const value = node.childForFieldName('value');
  const field = declaredName(node.childForFieldName('field'));
  if (!value || !field) return null;
  return { caller, line: startLineOf(node), kind: 'call', name: field, object: exprOf(value), path: null, args: 0, access: true };
};
