import type { Node } from 'web-tree-sitter';
import { MAX_EXPRESSION_DEPTH } from '../../tree-sitter/scopes';
import { docText } from '../../tree-sitter/symbol-rows';
import { namedChildrenOf, oneLine } from '../../tree-sitter/tree-sitter';
import type { JExpr } from './java-model';

/** Readers of Java syntax nodes: modifiers, annotations, type parameters, javadoc, the expressions call resolution follows. */

/** Arguments of a call, comments left out. */
export function argumentCount(node: Node): number {
  return node.childForFieldName('arguments')?.namedChildren.filter((child) => !child.type.endsWith('comment')).length ?? 0;
}

/** An expression as far as call resolution cares: names, field accesses, calls, `new`, casts. */
export function exprOf(node: Node, depth = 0): JExpr {
  if (depth > MAX_EXPRESSION_DEPTH) return { kind: 'other' };
  switch (node.type) {
    case 'identifier':
    case 'type_identifier':
      return { kind: 'name', name: node.text };
    case 'this':
      return { kind: 'this' };
    case 'super':
      return { kind: 'super' };
    case 'field_access': {
      const object = node.childForFieldName('object');
      const field = node.childForFieldName('field');
      return object && field ? { kind: 'field', object: exprOf(object, depth + 1), name: field.text } : { kind: 'other' };
    }
    case 'scoped_type_identifier': {
      const parts = namedChildrenOf(node);
      const last = parts[parts.length - 1];
      return parts.length >= 2 && last ? { kind: 'field', object: exprOf(parts[0]!, depth + 1), name: last.text } : { kind: 'other' };
    }
    case 'method_invocation': {
      const name = node.childForFieldName('name')?.text;
      const object = node.childForFieldName('object');
      return name
        ? { kind: 'call', object: object ? exprOf(object, depth + 1) : null, name, args: argumentCount(node) }
        : { kind: 'other' };
    }
    case 'object_creation_expression': {
      const type = node.childForFieldName('type');
      return type ? { kind: 'new', type: type.text } : { kind: 'other' };
    }
    case 'parenthesized_expression': {
      const inner = node.firstNamedChild;
      return inner ? exprOf(inner, depth + 1) : { kind: 'other' };
    }
    case 'cast_expression': {
      const type = node.childForFieldName('type');
      return type ? { kind: 'new', type: type.text } : { kind: 'other' };
    }
    default:
      return { kind: 'other' };
  }
}

/** The modifier list of a declaration (keywords and annotations), if it has one. */
export function modifiersOf(node: Node): Node | null {
  const first = node.firstNamedChild;
  return first?.type === 'modifiers' ? first : (node.namedChildren.find((child) => child.type === 'modifiers') ?? null);
}

export function hasModifier(modifiers: Node | null, keyword: string): boolean {
  if (!modifiers) return false;
  for (let child = modifiers.firstChild; child; child = child.nextSibling) if (child.type === keyword) return true;
  return false;
}

/** The keywords of a modifier list, annotations and comments left out. */
export function modifierKeywords(modifiers: Node | null): string {
  if (!modifiers) return '';
  const keywords: string[] = [];
  for (let child = modifiers.firstChild; child; child = child.nextSibling) if (!child.isNamed) keywords.push(child.text);
  return keywords.join(' ');
}

/** Simple names of the annotations in a modifier list. */
export function annotationNames(modifiers: Node | null): string[] {
  if (!modifiers) return [];
  const names: string[] = [];
  for (let child = modifiers.firstNamedChild; child; child = child.nextNamedSibling) {
    if (child.type !== 'annotation' && child.type !== 'marker_annotation') continue;
    const name = child.childForFieldName('name')?.text;
    if (name) names.push(name.slice(name.lastIndexOf('.') + 1));
  }
  return names;
}

/** The names of a generic declaration's type parameters. */
export function typeParametersOf(node: Node): Set<string> {
  const parameters = node.childForFieldName('type_parameters') ?? node.namedChildren.find((child) => child.type === 'type_parameters');
  const names = new Set<string>();
  if (!parameters) return names;
  for (const parameter of namedChildrenOf(parameters)) {
    const name = parameter.namedChildren.find((child) => child.type === 'type_identifier' || child.type === 'identifier');
    if (name) names.add(name.text);
  }
  return names;
}

/** The /** *\/ comment right before a declaration. */
export function javadoc(node: Node): string | null {
  let previous = node.previousSibling;
  while (previous?.type === 'line_comment') previous = previous.previousSibling;
  if (!previous || previous.type !== 'block_comment' || !previous.text.startsWith('/**')) return null;
  const text = previous.text
    .slice(3, -2)
    .split('\n')
    .map((line) => line.replace(/^\s*\*\s?/, '').trimEnd())
    .join('\n');
  return docText(text);
}

/** The base name of a type as written: annotations, generics, `? extends` and white space removed. */
export function baseTypeName(text: string): { name: string; array: boolean } {
  let type = oneLine(text)
    .replace(/@[\w.]+(\([^)]*\))?\s*/g, '')
    .replace(/^\?\s*(extends|super)\s+/, '');
  const array = /\[\s*\]\s*$/.test(type) || type.endsWith('...');
  let depth = 0;
  let base = '';
  for (const char of type) {
    if (char === '<') depth++;
    else if (char === '>') depth--;
    else if (depth === 0) base += char;
  }
  type = base
    .replace(/\[\s*\]/g, '')
    .replace(/\.\.\.$/, '')
    .replace(/\s+/g, '');
  return { name: type, array };
}
