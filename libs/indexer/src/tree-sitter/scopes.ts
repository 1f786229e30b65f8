import type { SymbolRow } from '@lore/domain';

/** The nesting a file walk is in, shared by the tree-sitter languages' walks. */

/** How deep an expression reader follows nested expressions (`a.b(c).d`…) before it calls the rest unknown. */
export const MAX_EXPRESSION_DEPTH = 32;

/** A function or method body: its complexity is 1 + the decision points directly in it, written to its symbol once walked. */
export interface Body {
  readonly symbol: SymbolRow;
  complexity: number;
}

/**
 * The scopes around a file walk's current node, innermost last: declarations (classes, functions),
 * and scopes whose decision points count for no one (lambdas, anonymous classes).
 */
export class ScopeStack<Scope> {
  private readonly scopes: Scope[] = [];

  /** `bodyOf`: the body a scope's decision points count for, null for a scope that counts none. */
  constructor(private readonly bodyOf: (scope: Scope) => Body | null) {}

  get isEmpty(): boolean {
    return this.scopes.length === 0;
  }

  top(): Scope | undefined {
    return this.scopes[this.scopes.length - 1];
  }

  /** The innermost scope that matches, if any. */
  innermost<Matched extends Scope>(matches: (scope: Scope) => scope is Matched): Matched | null {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const scope = this.scopes[i]!;
      if (matches(scope)) return scope;
    }
    return null;
  }

  /**
   * Enters the scope of the node being visited; returns what visitCaptures calls once the walk has
   * left the node: a body's complexity goes to its symbol (unless the symbol has none, as a method
   * without a body), and the scope is left.
   */
  enter(scope: Scope): () => void {
    this.scopes.push(scope);
    return () => {
      const body = this.bodyOf(scope);
      if (body && body.symbol.complexity !== null) body.symbol.complexity = body.complexity;
      this.scopes.pop();
    };
  }

  /** A decision point (a branch, a loop, a `case`, `&&`…) of the body the walk is directly in. */
  countDecision(): void {
    const top = this.top();
    const body = top === undefined ? null : this.bodyOf(top);
    if (body) body.complexity++;
  }
}
