/**
 * The names of one file's nested bodies (closures, lambdas, local functions): the second body of a
 * name inside the same encloser is `name#2`, the third `name#3`, so a name stays stable while the
 * bodies before it in the encloser do not change.
 */
export class NestedNames {
  private readonly taken = new Set<string>();

  /**
   * The name for a body called `base` inside `prefix` (the encloser's qualified name and a dot, or ''
   * at the top of the file), now taken. `takenElsewhere` says which qualified names the language's own
   * declarations already hold (Python's: a lambda must not take a declared function's name).
   */
  claim(prefix: string, base: string, takenElsewhere: (qualifiedName: string) => boolean = () => false): string {
    let name = base;
    for (let n = 2; this.taken.has(prefix + name) || takenElsewhere(prefix + name); n++) name = `${base}#${n}`;
    this.taken.add(prefix + name);
    return name;
  }
}
