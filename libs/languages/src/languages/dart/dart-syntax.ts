import type { Node } from 'web-tree-sitter';
import { MAX_EXPRESSION_DEPTH } from '../../tree-sitter/scopes';
import { docText } from '../../tree-sitter/symbol-rows';
import { namedChildrenOf } from '../../tree-sitter/tree-sitter';
import type { TypedExpr } from '../../tree-sitter/typed-values';

/** Readers of Dart syntax nodes: doc comments, types, URIs and the selector chains calls are written with. */

/** The signatures a member or function is declared with; the body, when it has one, is the next sibling. */
export const SIGNATURES = new Set([
  'function_signature',
  'getter_signature',
  'setter_signature',
  'constructor_signature',
  'factory_constructor_signature',
  'redirecting_factory_constructor_signature',
  'constant_constructor_signature',
  'operator_signature',
]);

/** The nodes before a declaration that belong to it: annotations, and its doc comment above them. */
function leadingOf(node: Node): Node | null {
  let previous = node.previousNamedSibling;
  while (previous?.type === 'annotation' || previous?.type === 'marker_annotation') previous = previous.previousNamedSibling;
  return previous;
}

/**
 * The doc comment right above a declaration (annotations between them allowed): a `/** ... *\/`
 * block (`*` and the delimiters removed) or a run of `///` lines, `[references]` kept.
 */
export function dartDoc(node: Node): string | null {
  let previous = leadingOf(node);
  if (previous?.type !== 'documentation_comment' && previous?.type !== 'comment') return null;
  if (previous.text.startsWith('/**')) {
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
  for (let annotation = node.previousNamedSibling; annotation && annotation !== previous; annotation = annotation.previousNamedSibling)
    row = annotation.startPosition.row;
  while (
    (previous?.type === 'documentation_comment' || previous?.type === 'comment') &&
    previous.text.startsWith('///') &&
    previous.endPosition.row >= row - 1
  ) {
    lines.unshift(...previous.text.split('\n').map((line) => line.trim().replace(/^\/\/\/ ?/, '')));
    row = previous.startPosition.row;
    previous = previous.previousNamedSibling;
  }
  return lines.length > 0 ? docText(lines.join('\n')) : null;
}

/** A type's name as written, without type arguments or `?` (`List<Item>?` is `List`); null for a function type or `void`. */
export function typeNameOf(node: Node | null | undefined): string | null {
  if (!node) return null;
  if (node.type === 'type_identifier') return node.text;
  return null;
}

/** The type written before the name in a signature or a parameter (`int total`, `Cart? of(...)`). */
export function writtenType(node: Node): string | null {
  return typeNameOf(namedChildrenOf(node).find((child) => child.type === 'type_identifier'));
}

/** A string literal's value, quotes removed; null when it interpolates (`'$name'`). */
export function stringValue(node: Node | null | undefined): string | null {
  const text = node?.text;
  if (!text || node.type !== 'string_literal') return null;
  const match = /^r?('''|"""|'|")([\s\S]*)\1$/.exec(text);
  if (!match || (/(?<!\\)\$/.test(match[2]!) && !text.startsWith('r'))) return null;
  return match[2]!;
}

/** The URI of a directive (`import 'a.dart'`, `part of 'b.dart'`). */
export function uriOf(node: Node): string | null {
  const uri = node.descendantsOfType('uri')[0];
  return stringValue(uri?.firstNamedChild);
}

/** The arguments of a selector's `argument_part`. */
export function argumentsOf(selector: Node): Node[] {
  const part = selector.type === 'argument_part' ? selector : selector.namedChildren.find((child) => child.type === 'argument_part');
  const list = part?.namedChildren.find((child) => child.type === 'arguments');
  return list ? namedChildrenOf(list).filter((child) => child.type === 'argument' || child.type === 'named_argument') : [];
}

/** The value an argument holds (`argument` wraps it, `named_argument` follows its label). */
export function argumentValue(argument: Node): Node | null {
  return argument.type === 'named_argument' ? argument.lastNamedChild : argument.firstNamedChild;
}

/** A chain's parts: `a.b(c).d` is the primary `a` and the selectors after it, siblings in the node around them. */
function isChainPart(node: Node): boolean {
  return node.type === 'selector' || node.type === 'unconditional_assignable_selector' || node.type === 'conditional_assignable_selector';
}

/** The member name a selector names (`.add`, `?.add`), null for an argument part or `!`. */
function memberName(selector: Node): string | null {
  const assignable =
    selector.type === 'selector' ? selector.namedChildren.find((child) => child.type.endsWith('assignable_selector')) : selector;
  if (!assignable?.type.endsWith('assignable_selector')) return null;
  const name = assignable.namedChildren.find((child) => child.type === 'identifier');
  return name?.text ?? null;
}

function isCallPart(selector: Node): boolean {
  return selector.type === 'selector' && selector.namedChildren.some((child) => child.type === 'argument_part');
}

/** The primary of a chain: the sibling before its first selector. */
function primaryOf(selector: Node): Node | null {
  let node: Node | null = selector.previousSibling;
  while (node && isChainPart(node)) node = node.previousSibling;
  return node;
}

/** An expression as call resolution cares: the primary and the selectors up to (not including) `end`. */
function chainExpr(primary: Node, end: Node | null, depth: number): TypedExpr {
  let expr = primaryExpr(primary, depth);
  let pendingMember: { object: TypedExpr; name: string } | null = null;
  for (let part = primary.nextSibling; part && part.id !== end?.id; part = part.nextSibling) {
    if (!isChainPart(part)) break;
    const member = memberName(part);
    if (member !== null) {
      pendingMember = { object: expr, name: member };
      expr = { kind: 'member', object: expr, name: member };
    } else if (isCallPart(part)) {
      const args = argumentsOf(part).length;
      if (pendingMember) expr = { kind: 'call', object: pendingMember.object, name: pendingMember.name, args };
      else if (expr.kind === 'name')
        expr = constructs(expr.name) ? { kind: 'typed', type: expr.name } : { kind: 'call', object: null, name: expr.name, args };
      else expr = { kind: 'other' };
      pendingMember = null;
    }
  }
  return expr;
}

/** `Cart`: Dart's types are capitalised, its functions are not; a call of a capitalised name constructs. */
export function constructs(name: string): boolean {
  return /^_?\p{Lu}/u.test(name);
}

function primaryExpr(node: Node, depth: number): TypedExpr {
  if (depth > MAX_EXPRESSION_DEPTH) return { kind: 'other' };
  switch (node.type) {
    case 'identifier':
      return { kind: 'name', name: node.text };
    case 'this':
      return { kind: 'self' };
    case 'super':
      return { kind: 'super' };
    case 'new_expression':
    case 'const_object_expression': {
      const type = typeNameOf(node.namedChildren.find((child) => child.type === 'type_identifier'));
      return type ? { kind: 'typed', type } : { kind: 'other' };
    }
    case 'parenthesized_expression':
      return node.firstNamedChild ? exprOf(node.firstNamedChild, depth + 1) : { kind: 'other' };
    default:
      return { kind: 'other' };
  }
}

/** An expression (a variable's value): a chain's value when the node starts one. */
export function exprOf(node: Node, depth = 0): TypedExpr {
  if (depth > MAX_EXPRESSION_DEPTH) return { kind: 'other' };
  if (node.type === 'await_expression' || node.type === 'unary_expression')
    return node.lastNamedChild ? exprOf(node.lastNamedChild, depth + 1) : { kind: 'other' };
  let last: Node | null = node;
  while (last?.nextSibling && isChainPart(last.nextSibling)) last = last.nextSibling;
  if (!last || last.id === node.id) return primaryExpr(node, depth);
  const after = last.nextSibling;
  if (after) return chainExpr(node, after, depth);
  // The chain runs to the end of its parent.
  return chainExpr(node, null, depth);
}

/** What a call selector calls: a bare name (`f(...)`), or a name on a receiver (`x.f(...)`, `Cart.empty(...)`). */
export function calleeOf(selector: Node): { object: TypedExpr | null; name: string } | null {
  const previous = selector.previousSibling;
  if (!previous) return null;
  if (isChainPart(previous)) {
    const name = memberName(previous);
    if (name === null) return null;
    const primary = primaryOf(previous);
    if (!primary) return null;
    return { object: primary.id === previous.id ? null : chainExpr(primary, previous, 0), name };
  }
  if (previous.type === 'identifier') return { object: null, name: previous.text };
  return null;
}

/** A cascade section's member (`..add(x)` is `add`). */
export function cascadeName(section: Node): string | null {
  return section.namedChildren.find((child) => child.type === 'cascade_selector')?.firstNamedChild?.text ?? null;
}

/** What a cascade calls on: the expression before its first section. */
export function cascadeReceiver(section: Node): TypedExpr {
  let node: Node | null = section.previousSibling;
  while (node && (node.type === 'cascade_section' || isChainPart(node))) node = node.previousSibling;
  return node ? exprOf(node) : { kind: 'other' };
}
