/** The nesting a file walk is in, shared by the tree-sitter languages' walks. */

/** How deep an expression reader follows nested expressions (`a.b(c).d`…) before it calls the rest unknown. */
export const MAX_EXPRESSION_DEPTH = 32;

/** The scopes around a file walk's current node, innermost last: declarations (classes, functions, lambdas...). */
export class ScopeStack<Scope> {
  private readonly scopes: Scope[] = [];

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

  /** Enters the scope of the node being visited; returns what visitCaptures calls once the walk has left the node: the scope is left. */
  enter(scope: Scope): () => void {
    this.scopes.push(scope);
    return () => {
      this.scopes.pop();
    };
  }
}
