// The walk over a script's syntax tree that the first pass and its module specifiers use.
import ts from 'typescript';
import type { DeferredImportKind } from '@lore/domain';

/**
 * Visits `root` and its descendants in source order, parents first, each with the state its parent's
 * visit returned; returning SKIP_CHILDREN leaves a node's subtree out. A loop, not recursion: machine-
 * written code nests deeper (a 2,000-term expression) than the call stack goes.
 *
 * Sets each child's parent pointer on the way (trees are parsed without them: in one walk instead of a
 * second one over every tree, a fifth of zod's parse), so a visit can look up its node's ancestors.
 */
export function walkPreorder<S>(root: ts.Node, rootState: S, visit: (node: ts.Node, state: S) => S | typeof SKIP_CHILDREN): void {
  // Two stacks instead of one of pairs, and one callback for every node: nothing allocated per node.
  const nodes: ts.Node[] = [root];
  const states: S[] = [rootState];
  let parent = root;
  let childState = rootState;
  const adopt = (child: ts.Node): undefined => {
    (child as { parent: ts.Node }).parent = parent;
    nodes.push(child);
    states.push(childState);
    // forEachChild stops at the first callback that answers something.
    return undefined;
  };
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const next = visit(node, states.pop()!);
    if (next === SKIP_CHILDREN) continue;
    parent = node;
    childState = next;
    const first = nodes.length;
    ts.forEachChild(node, adopt);
    // Pushed in source order; reversed, the first child is the next off the stack (siblings share a state).
    for (let i = first, j = nodes.length - 1; i < j; i++, j--) {
      const swapped = nodes[i]!;
      nodes[i] = nodes[j]!;
      nodes[j] = swapped;
    }
  }
}

export const SKIP_CHILDREN = Symbol('skip children');

/**
 * Each module specifier the file names (import, export-from, require(), import()), with the names
 * taken and how the import is deferred, in order: `type` for `import type`, `export type … from` and
 * imports whose every name is marked `type`; `function_local` for require() and import() inside a function body.
 */
export function moduleSpecifiers(sourceFile: ts.SourceFile): [specifier: string, names: string[], kind: DeferredImportKind | null][] {
  const found: [string, string[], DeferredImportKind | null][] = [];
  walkPreorder<boolean>(sourceFile, false, (node, inFunction) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push([node.moduleSpecifier.text, importedNames(node.importClause), typeOnlyImport(node.importClause) ? 'type' : null]);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const named = clause && ts.isNamedExports(clause) ? clause.elements : undefined;
      found.push([
        node.moduleSpecifier.text,
        named ? named.map((e) => (e.propertyName ?? e.name).text) : ['*'],
        node.isTypeOnly || (named !== undefined && named.length > 0 && named.every((e) => e.isTypeOnly)) ? 'type' : null,
      ]);
    } else if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteral(node.arguments[0]!)) {
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      if (isRequire || node.expression.kind === ts.SyntaxKind.ImportKeyword)
        found.push([(node.arguments[0] as ts.StringLiteral).text, ['*'], inFunction ? 'function_local' : null]);
    }
    return inFunction || (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined);
  });
  return found;
}

/** `import type …`, or `import { type A, type B }` (no default, no namespace, every name `type`). */
function typeOnlyImport(clause: ts.ImportClause | undefined): boolean {
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return (
    clause.name === undefined &&
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
}

function importedNames(clause: ts.ImportClause | undefined): string[] {
  if (!clause) return [];
  const names: string[] = [];
  if (clause.name) names.push('default');
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
  if (bindings && ts.isNamedImports(bindings))
    for (const element of bindings.elements) names.push((element.propertyName ?? element.name).text);
  return names;
}
