import type { Node } from 'web-tree-sitter';
import { MAX_EXPRESSION_DEPTH } from '../../tree-sitter/scopes';
import { docText } from '../../tree-sitter/symbol-rows';
import { namedChildrenOf, oneLine } from '../../tree-sitter/tree-sitter';
import type { TypedExpr } from '../../tree-sitter/typed-values';
import { DEREF_WRAPPERS } from './rust-model';

/** Readers of Rust syntax nodes and type texts: attributes, doc comments, visibility, the expressions call resolution follows. */

/** The attribute items (`#[...]`) right before an item, nearest last. */
export function attributesOf(node: Node): Node[] {
  const attributes: Node[] = [];
  for (let previous = node.previousNamedSibling; previous; previous = previous.previousNamedSibling) {
    if (previous.type === 'attribute_item') attributes.unshift(previous);
    else if (previous.type !== 'line_comment' && previous.type !== 'block_comment') break;
  }
  return attributes;
}

/** The path of an attribute (`test`, `tokio::test`, `cfg`). */
export function attributePath(item: Node): string {
  const attribute = item.namedChildren.find((child) => child.type === 'attribute');
  const path = attribute?.firstNamedChild;
  return path ? path.text.replace(/\s+/g, '') : '';
}

/** The outer doc comments (`///`, `/** *\/`) above an item, attributes in between allowed. */
export function outerDoc(node: Node): string | null {
  const lines: string[] = [];
  for (let previous = node.previousNamedSibling; previous; previous = previous.previousNamedSibling) {
    if (previous.type === 'attribute_item') continue;
    if (previous.type === 'line_comment' && previous.childForFieldName('outer')) lines.unshift(docOfComment(previous));
    else if (previous.type === 'block_comment' && previous.childForFieldName('outer')) lines.unshift(docOfComment(previous));
    else break;
  }
  return lines.length === 0 ? null : docText(lines.join('\n'));
}

/** The inner doc comments (`//!`, `/*! *\/`) that open a file or a module's body. */
export function innerDoc(container: Node): string | null {
  const lines: string[] = [];
  for (let child = container.firstNamedChild; child; child = child.nextNamedSibling) {
    if ((child.type === 'line_comment' || child.type === 'block_comment') && child.childForFieldName('inner'))
      lines.push(docOfComment(child));
    else if (child.type !== 'line_comment' && child.type !== 'block_comment') break;
  }
  return lines.length === 0 ? null : docText(lines.join('\n'));
}

function docOfComment(comment: Node): string {
  const doc = comment.childForFieldName('doc')?.text ?? '';
  if (comment.type === 'line_comment') return doc.replace(/^ /, '').replace(/\n$/, '');
  return doc
    .split('\n')
    .map((line) => line.replace(/^\s*\*\s?/, ''))
    .join('\n')
    .trim();
}

/** `pub` (not `pub(crate)` or `pub(super)`): part of the crate's interface. */
export function isPublic(node: Node): boolean {
  const visibility = node.namedChildren.find((child) => child.type === 'visibility_modifier');
  return visibility !== undefined && visibility.text === 'pub';
}

/**
 * A type as written reduced to the path of the type it names: references, lifetimes, `mut`,
 * `dyn`/`impl` and generic arguments removed, smart pointers (`Box<T>`, `Arc<T>`...) seen through.
 * Null for what names no single type (tuples, slices, arrays, function pointers).
 */
export function typePath(text: string): string | null {
  let type = oneLine(text);
  for (let guard = 0; guard < 8; guard++) {
    type = type
      .replace(/^&\s*('[\w]+\s*)?/, '')
      .replace(/^(mut|dyn|impl)\s+/, '')
      .replace(/\s*\+.*$/, '')
      .trim();
    const generic = /^([\w:]+)\s*<(.*)>$/s.exec(type);
    if (!generic) break;
    const last = generic[1]!.split('::').pop()!;
    if (!DEREF_WRAPPERS.has(last)) {
      type = generic[1]!;
      break;
    }
    type = firstTypeArgument(generic[2]!);
  }
  return /^[\p{L}_][\p{L}\p{N}_]*(::[\p{L}_][\p{L}\p{N}_]*)*$/u.test(type) ? type : null;
}

/** The first argument of a generic type's arguments (`T, E` → `T`), nested brackets kept. */
export function firstTypeArgument(text: string): string {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '<' || char === '(' || char === '[') depth++;
    else if (char === '>' || char === ')' || char === ']') depth--;
    else if (char === ',' && depth === 0) return text.slice(0, i).trim();
  }
  return text.trim();
}

/** `Result<T, E>`, `Option<T>`, `Poll<T>`: T, for `?`. */
export function unwrappedType(text: string): string | null {
  const generic = /^(?:[\w:]*::)?(Result|Option|Poll)\s*<(.*)>$/s.exec(oneLine(text));
  return generic ? firstTypeArgument(generic[2]!) : null;
}

/** The path and last name of a scoped identifier (`a::b::f` → `a::b`, `f`). */
export function splitPath(node: Node): { path: string; name: string } | null {
  const name = node.childForFieldName('name');
  const path = node.childForFieldName('path');
  if (!name) return null;
  return { path: path ? path.text.replace(/\s+/g, '').replace(/<.*>$/s, '') : '', name: name.text };
}

/** Arguments of a call, comments left out. */
export function argumentCount(call: Node): number {
  return call.childForFieldName('arguments')?.namedChildren.filter((child) => !child.type.endsWith('comment')).length ?? 0;
}

/** An expression as far as call resolution cares. */
export function exprOf(node: Node, depth = 0): TypedExpr {
  if (depth > MAX_EXPRESSION_DEPTH) return { kind: 'other' };
  switch (node.type) {
    case 'identifier':
      return { kind: 'name', name: node.text };
    case 'self':
      return { kind: 'self' };
    case 'field_expression': {
      const value = node.childForFieldName('value');
      const field = node.childForFieldName('field');
      return value && field ? { kind: 'member', object: exprOf(value, depth + 1), name: field.text } : { kind: 'other' };
    }
    case 'call_expression': {
      let fn = node.childForFieldName('function');
      if (fn?.type === 'generic_function') fn = fn.childForFieldName('function');
      if (!fn) return { kind: 'other' };
      const args = argumentCount(node);
      if (fn.type === 'identifier') return { kind: 'call', object: null, name: fn.text, args };
      if (fn.type === 'field_expression') {
        const value = fn.childForFieldName('value');
        const field = fn.childForFieldName('field');
        return value && field ? { kind: 'call', object: exprOf(value, depth + 1), name: field.text, args } : { kind: 'other' };
      }
      if (fn.type === 'scoped_identifier') {
        const parts = splitPath(fn);
        return parts && parts.path ? { kind: 'path', path: parts.path, name: parts.name, args } : { kind: 'other' };
      }
      return { kind: 'other' };
    }
    case 'struct_expression': {
      const name = node.childForFieldName('name');
      return name ? { kind: 'typed', type: name.text } : { kind: 'other' };
    }
    case 'try_expression': {
      const inner = node.firstNamedChild;
      return inner ? { kind: 'unwrap', inner: exprOf(inner, depth + 1) } : { kind: 'other' };
    }
    case 'await_expression':
    case 'parenthesized_expression':
    case 'reference_expression': {
      const inner = node.type === 'reference_expression' ? node.childForFieldName('value') : node.firstNamedChild;
      return inner ? exprOf(inner, depth + 1) : { kind: 'other' };
    }
    case 'type_cast_expression': {
      const type = node.childForFieldName('type');
      return type ? { kind: 'typed', type: type.text } : { kind: 'other' };
    }
    default:
      return { kind: 'other' };
  }
}

/** The names a pattern binds when it is a plain name (`x`, `mut x`); null for destructuring patterns. */
export function boundName(pattern: Node | null): string | null {
  if (!pattern) return null;
  if (pattern.type === 'identifier') return pattern.text;
  if (pattern.type === 'mut_pattern') {
    const inner = namedChildrenOf(pattern).find((child) => child.type === 'identifier');
    return inner?.text ?? null;
  }
  return null;
}

/** What a closure is bound to: a `let` name, an argument (`map(0)`: the callee's last name and the position), `return`; else `closure`. */
export function closureBinding(node: Node): string {
  const parent = node.parent;
  if (!parent) return 'closure';
  if (parent.type === 'let_declaration') return boundName(parent.childForFieldName('pattern')) ?? 'closure';
  if (parent.type === 'arguments') {
    const call = parent.parent;
    const index = namedChildrenOf(parent).findIndex((argument) => argument.id === node.id);
    let fn = call?.childForFieldName('function');
    if (fn?.type === 'generic_function') fn = fn.childForFieldName('function');
    const name =
      fn?.type === 'field_expression'
        ? fn.childForFieldName('field')?.text
        : fn?.type === 'scoped_identifier'
          ? fn.childForFieldName('name')?.text
          : fn?.text;
    return `${name ?? 'call'}(${index})`;
  }
  if (parent.type === 'return_expression') return 'return';
  return 'closure';
}
