import type { Node } from 'web-tree-sitter';
import { docText } from '../../tree-sitter/symbol-rows';
import { namedChildrenOf, oneLine } from '../../tree-sitter/tree-sitter';

/** Readers of C and C++ syntax nodes: declarators, names as scope paths, types, doc comments. */

/** Declarators that wrap the one that names what is declared: `*f()`, `&f()`, `(f)`, `[[attr]] f`. */
const WRAPPING_DECLARATORS = new Set([
  'pointer_declarator',
  'reference_declarator',
  'parenthesized_declarator',
  'attributed_declarator',
  'array_declarator',
  'init_declarator',
  'bitfield_clause',
]);

/** How deep declarators are unwrapped before giving up (generated code nests them). */
const MAX_DECLARATOR_DEPTH = 16;

/** The declarator inside wrappers; stops at a function declarator when `stopAtFunction`. */
function innermost(node: Node | null, stopAtFunction: boolean): Node | null {
  let current = node;
  for (let depth = 0; current && depth < MAX_DECLARATOR_DEPTH; depth++) {
    if (stopAtFunction && current.type === 'function_declarator') return current;
    if (!WRAPPING_DECLARATORS.has(current.type) && current.type !== 'function_declarator') return current;
    current = current.childForFieldName('declarator') ?? current.lastNamedChild;
  }
  return null;
}

/** The function declarator a declaration's declarator holds (`int *f(void)`), or null when it declares no function. */
export function functionDeclaratorOf(declarator: Node | null): Node | null {
  const found = innermost(declarator, true);
  return found?.type === 'function_declarator' ? found : null;
}

/** The node naming what a declarator declares (`x` in `*x[3]`, `A::f` in `A::f(int)`). */
export function declaredNameOf(declarator: Node | null): Node | null {
  return innermost(declarator, false);
}

/** A name as its scope path: `ns::A::f` is ['ns', 'A', 'f'], `~A` ['~A'], `operator==` ['operator=='], `T<int>` ['T']. */
export function namePath(node: Node | null, depth = 0): string[] {
  if (!node || depth > MAX_DECLARATOR_DEPTH) return [];
  switch (node.type) {
    case 'qualified_identifier':
      return [...namePath(node.childForFieldName('scope'), depth + 1), ...namePath(node.childForFieldName('name'), depth + 1)];
    case 'nested_namespace_specifier':
      return node.namedChildren.filter((child) => child !== null).flatMap((child) => namePath(child, depth + 1));
    case 'template_function':
    case 'template_type':
    case 'template_method':
      return namePath(node.childForFieldName('name'), depth + 1);
    case 'destructor_name':
      return [`~${node.namedChildren[0]?.text ?? ''}`];
    case 'operator_name':
      return [oneLine(node.text).replace(/\s+/g, '')];
    case 'identifier':
    case 'field_identifier':
    case 'type_identifier':
    case 'namespace_identifier':
    case 'primitive_type':
      return [node.text];
    default:
      return [];
  }
}

/** The type a declaration names, as a scope path: `const geo::Shape&` is ['geo', 'Shape']; [] for a built-in or unknown type. */
export function typePath(type: Node | null): string[] {
  if (!type) return [];
  switch (type.type) {
    case 'type_identifier':
    case 'qualified_identifier':
    case 'template_type':
      return namePath(type);
    case 'struct_specifier':
    case 'class_specifier':
    case 'union_specifier':
    case 'enum_specifier':
      return namePath(type.childForFieldName('name'));
    default:
      return [];
  }
}

/** The doc comment right above a declaration: Doxygen's `///` lines or one `/** ... *\/` block (`//!` and `/*!` too). */
export function docOf(node: Node): string | null {
  const lines: string[] = [];
  let row = node.startPosition.row;
  for (let comment = node.previousSibling; comment?.type === 'comment'; comment = comment.previousSibling) {
    if (comment.endPosition.row !== row - 1 && comment.endPosition.row !== row) break;
    const text = comment.text;
    if (/^\/\/[/!](?!\/)/.test(text)) lines.unshift(text.slice(3).replace(/^<?\s?/, ''));
    else if (/^\/\*[*!](?!\/)/.test(text) && lines.length === 0) {
      lines.unshift(
        text
          .slice(3, -2)
          .split('\n')
          .map((part) => part.replace(/^\s*\*?\s?/, ''))
          .join('\n'),
      );
      break;
    } else break;
    row = comment.startPosition.row;
  }
  return lines.length === 0 ? null : docText(lines.join('\n'));
}

/** The storage class specifiers of a declaration (`static`, `extern`, `inline`...). */
export function storageClasses(node: Node): string[] {
  return node.namedChildren.filter((child) => child?.type === 'storage_class_specifier').map((child) => child!.text);
}

/** Qualifiers after a parameter list that tell overloads apart: `f() const`, `f() &&`. */
const OVERLOADING_QUALIFIERS = new Set(['type_qualifier', 'ref_qualifier']);

/**
 * What tells a function's overloads apart, as the declaration and the definition both write it: the
 * parameter types and the `const`/`&` qualifiers, without parameter names, default values, comments
 * and spacing (`(const char* name, int n = 0) const` is `(const char*,int)const`; C's `(void)` is `()`).
 */
export function parameterTypesOf(declarator: Node): string {
  const parameters = declarator.childForFieldName('parameters');
  const types: string[] = [];
  for (const parameter of parameters ? namedChildrenOf(parameters) : []) {
    if (parameter.type === 'comment') continue;
    const start = parameter.startIndex;
    let text = parameter.text.slice(0, (parameter.childForFieldName('default_value')?.startIndex ?? parameter.endIndex) - start);
    const name = declaredNameOf(parameter.childForFieldName('declarator'));
    if (name?.type === 'identifier') text = text.slice(0, name.startIndex - start) + text.slice(name.endIndex - start);
    types.push(normalisedType(text.replace(/=\s*$/, '')));
  }
  const qualifiers = declarator.namedChildren.filter((child) => child !== null && OVERLOADING_QUALIFIERS.has(child.type));
  const listed = types.length === 1 && types[0] === 'void' ? '' : types.join(',');
  return `(${listed})${qualifiers.map((qualifier) => qualifier!.text).join(' ')}`;
}

/** A type as written, comments out, runs of spacing one space, none beside punctuation. */
function normalisedType(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/ ?([^\w ]) ?/g, '$1')
    .trim();
}
