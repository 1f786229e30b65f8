import type { SymbolRow } from '@lore/domain';
import { indexByName, type SiteCalls } from './edges';
import { EXTERNAL, findInHierarchy, MAX_EVAL_DEPTH, UNKNOWN, type Unresolved } from './resolution';
import type { CallSite } from './tree-sitter-extraction';

/**
 * Call resolution shared by the languages whose values have declared or inferable types and whose
 * methods belong to types (Rust, C#, Ruby, PHP): a receiver is evaluated to a repository type and
 * the method is looked up on it and its supertypes; what cannot be settled falls back to the
 * method's name. A language gives the walk's facts in this shape and answers the questions that
 * depend on its own rules (which type a name means in a file, what a bare or path call names).
 */

/** A type of the repository: a class, struct, enum, trait, interface, module (Ruby) or namespace-level type. */
export interface TypedType<File> {
  symbol: SymbolRow;
  file: File;
  isInterface: boolean;
  /** Methods by name, overloads in declaration order (impl blocks and reopened classes add to them). */
  methods: Map<string, TypedCallable<File>[]>;
  /** Field (property) types as written where the type declares them; null when the type is not written. */
  fields: Map<string, string | null>;
  /** Supertypes as written (base class, interfaces, traits, included modules), resolved lazily. */
  supertypes: string[];
  /** The resolved supertypes, once asked for. */
  resolvedSupers?: TypedType<File>[];
}

/** A function, method, constructor or nested body, with what its body's names are known to hold. */
export interface TypedCallable<File> {
  symbol: SymbolRow;
  file: File;
  /** The type whose member it is (a nested body: its enclosing method's type), null for a free function. */
  owner: TypedType<File> | null;
  /** Parameters, the receiver (`self`) left out; -1 when any number is accepted (variadic). */
  params: number;
  /** The return type as written, null when not written. */
  returns: string | null;
  locals: Map<string, TypedLocal<File>>;
}

/** A local's type as written, the expression it is assigned, or a nested body bound to it (`let f = |x| ...`). */
export type TypedLocal<File> =
  | { kind: 'type'; text: string }
  | { kind: 'expr'; expr: TypedExpr }
  | { kind: 'callable'; callable: TypedCallable<File> }
  | { kind: 'unknown' };

/** An expression as far as call resolution cares. */
export type TypedExpr =
  | { kind: 'name'; name: string }
  | { kind: 'self' }
  | { kind: 'super' }
  | { kind: 'member'; object: TypedExpr; name: string }
  | { kind: 'call'; object: TypedExpr | null; name: string; args: number }
  /** `Type::f()`, `Type.f()` with a type or module written before the name (Rust paths, PHP `A::f`, Ruby `A.f`). */
  | { kind: 'path'; path: string; name: string; args: number }
  /** A value whose type is written: `new T()`, `T { .. }`, a cast. */
  | { kind: 'typed'; type: string }
  /** `x?`, `await x`: the value inside a Result/Option/Task. */
  | { kind: 'unwrap'; inner: TypedExpr }
  | { kind: 'other' };

/**
 * A call site: `name(...)` (object null, no path), `object.name(...)`, `Path::name(...)`, or
 * `new Type(...)` (kind `new`, name the type as written).
 */
export interface TypedSite<File> extends CallSite {
  caller: TypedCallable<File>;
  line: number;
  kind: 'call' | 'new';
  name: string;
  object: TypedExpr | null;
  path: string | null;
  args: number;
}

/** What an expression evaluates to. */
export type TypedValue<File> =
  | { kind: 'instance'; type: TypedType<File> }
  /** A type itself, as the receiver of a static call (`Type::new()`, `Type.create`). */
  | { kind: 'class'; type: TypedType<File> }
  | { kind: 'callable'; callable: TypedCallable<File> }
  | Unresolved;

/** The rules of one language that resolution asks about. */
export interface TypedLanguage<File> {
  /** A type as written in a file, inside `context` (the type or function around it): a repository type, outside it, or unknown. */
  resolveType(text: string, file: File, context: TypedCallable<File> | null): TypedType<File> | Unresolved;
  /** `name(...)` with no receiver, once locals are looked at: a free function in scope, an implicit-self method... */
  bareCallee(name: string, args: number, caller: TypedCallable<File>): TypedCallable<File> | Unresolved;
  /** What a path before a name denotes in a file (`Type`, `module`, `Self`, `crate::a::B`). */
  resolvePath(
    path: string,
    caller: TypedCallable<File>,
  ): TypedType<File> | { kind: 'functions'; lookup: (name: string) => TypedCallable<File> | null } | Unresolved;
  /** A name with no binding in the function: a type or module (a receiver of a static call), else unknown or outside. */
  nameValue?(name: string, caller: TypedCallable<File>): TypedValue<File> | null;
  /** The type inside a wrapper (`Result<T, E>`, `Option<T>`, `Task<T>`), for `?` and `await`; null when it is not one. */
  unwrapped?(text: string): string | null;
}

/** How many supertypes up a method or field is looked for. */
const MAX_SUPERTYPE_DEPTH = 20;

/** Resolves call sites over a language's types; holds the index of methods by name for the fallback. */
export class TypedResolution<File> {
  private readonly methodCandidates = new Map<string, SymbolRow[]>();

  constructor(
    private readonly language: TypedLanguage<File>,
    callables: Iterable<TypedCallable<File>>,
  ) {
    for (const callable of callables) if (callable.owner && !callable.symbol.nested) indexByName(this.methodCandidates, callable.symbol);
  }

  /** Methods named `name` anywhere in the repository (the `name`/`ambiguous` fallback). */
  candidates(name: string): SymbolRow[] | undefined {
    return this.methodCandidates.get(name);
  }

  resolveCall(site: TypedSite<File>, calls: SiteCalls): void {
    const caller = site.caller;
    if (site.kind === 'new') {
      const type = this.language.resolveType(site.name, caller.file, caller);
      if ('symbol' in type) {
        const constructor = this.findMethod(type, 'constructor', site.args);
        calls.followed(constructor?.symbol ?? type.symbol);
      }
      return;
    }
    if (site.path !== null) {
      const target = this.pathCallee(site.path, site.name, site.args, caller);
      if (target === null) calls.byName(this.candidates(site.name));
      else if ('symbol' in target) calls.followed(target.symbol);
      return;
    }
    if (site.object === null) {
      const local = caller.locals.get(site.name);
      if (local?.kind === 'callable') {
        calls.followed(local.callable.symbol);
        return;
      }
      if (local) return;
      const callee = this.language.bareCallee(site.name, site.args, caller);
      if ('symbol' in callee) calls.followed(callee.symbol);
      else if (callee.kind === 'unknown') calls.byName(this.candidates(site.name));
      return;
    }
    const receiver = this.evaluate(caller, site.object, 0);
    if (receiver.kind === 'external') return;
    if (receiver.kind === 'instance' || receiver.kind === 'class') {
      const method = this.findMethod(receiver.type, site.name, site.args);
      if (method) {
        calls.followed(method.symbol);
        return;
      }
    }
    calls.byName(this.candidates(site.name));
  }

  /** `Path::name`: a method of the type the path names, a function of the module it names; null when unknown, EXTERNAL outside. */
  private pathCallee(path: string, name: string, args: number, caller: TypedCallable<File>): TypedCallable<File> | typeof EXTERNAL | null {
    const target = this.language.resolvePath(path, caller);
    if ('symbol' in target) return this.findMethod(target, name, args);
    if (target.kind === 'functions') return target.lookup(name);
    return target.kind === 'external' ? EXTERNAL : null;
  }

  evaluate(caller: TypedCallable<File>, expr: TypedExpr, depth: number): TypedValue<File> {
    if (depth > MAX_EVAL_DEPTH) return UNKNOWN;
    switch (expr.kind) {
      case 'self':
        return caller.owner ? { kind: 'instance', type: caller.owner } : UNKNOWN;
      case 'super': {
        const parent = caller.owner ? this.supersOf(caller.owner)[0] : undefined;
        return parent ? { kind: 'instance', type: parent } : UNKNOWN;
      }
      case 'name': {
        const local = caller.locals.get(expr.name);
        if (local) return this.localValue(caller, local, depth);
        if (caller.owner) {
          const field = this.findField(caller.owner, expr.name);
          if (field) return field;
        }
        return this.language.nameValue?.(expr.name, caller) ?? UNKNOWN;
      }
      case 'member': {
        const object = this.evaluate(caller, expr.object, depth + 1);
        if (object.kind !== 'instance') return object.kind === 'external' ? EXTERNAL : UNKNOWN;
        return this.findField(object.type, expr.name) ?? UNKNOWN;
      }
      case 'call': {
        let target: TypedCallable<File> | null;
        if (expr.object === null) {
          const local = caller.locals.get(expr.name);
          if (local?.kind === 'callable') target = local.callable;
          else {
            const callee = this.language.bareCallee(expr.name, expr.args, caller);
            if (!('symbol' in callee)) return callee;
            target = callee;
          }
        } else {
          const object = this.evaluate(caller, expr.object, depth + 1);
          if (object.kind !== 'instance' && object.kind !== 'class') return object.kind === 'external' ? EXTERNAL : UNKNOWN;
          target = this.findMethod(object.type, expr.name, expr.args);
        }
        return target ? this.returnValue(target) : UNKNOWN;
      }
      case 'path': {
        const target = this.pathCallee(expr.path, expr.name, expr.args, caller);
        return target === null ? UNKNOWN : 'symbol' in target ? this.returnValue(target) : EXTERNAL;
      }
      case 'typed':
        return this.typeValue(expr.type, caller.file, caller);
      case 'unwrap': {
        const inner = expr.inner;
        const value = inner.kind === 'call' || inner.kind === 'path' ? this.unwrappedCall(caller, inner, depth) : null;
        return value ?? this.evaluate(caller, inner, depth + 1);
      }
      default:
        return UNKNOWN;
    }
  }

  /** `f()?`: the type inside the Result or Option `f` returns. */
  private unwrappedCall(caller: TypedCallable<File>, expr: TypedExpr, depth: number): TypedValue<File> | null {
    if (!this.language.unwrapped) return null;
    let target: TypedCallable<File> | typeof EXTERNAL | null = null;
    if (expr.kind === 'path') target = this.pathCallee(expr.path, expr.name, expr.args, caller);
    else if (expr.kind === 'call' && expr.object !== null) {
      const object = this.evaluate(caller, expr.object, depth + 1);
      if (object.kind === 'instance' || object.kind === 'class') target = this.findMethod(object.type, expr.name, expr.args);
    } else if (expr.kind === 'call') {
      const callee = this.language.bareCallee(expr.name, expr.args, caller);
      target = 'symbol' in callee ? callee : null;
    }
    if (target === null || !('symbol' in target) || target.returns === null) return null;
    const inner = this.language.unwrapped(target.returns);
    return inner === null ? null : this.typeValue(inner, target.file, target);
  }

  private localValue(caller: TypedCallable<File>, local: TypedLocal<File>, depth: number): TypedValue<File> {
    switch (local.kind) {
      case 'type':
        return this.typeValue(local.text, caller.file, caller);
      case 'expr':
        return this.evaluate(caller, local.expr, depth + 1);
      case 'callable':
        return local;
      default:
        return UNKNOWN;
    }
  }

  private returnValue(callable: TypedCallable<File>): TypedValue<File> {
    return callable.returns === null ? UNKNOWN : this.typeValue(callable.returns, callable.file, callable);
  }

  private typeValue(text: string, file: File, context: TypedCallable<File> | null): TypedValue<File> {
    const type = this.language.resolveType(text, file, context);
    return 'symbol' in type ? { kind: 'instance', type } : type;
  }

  /** A field's value: its declared type read in the declaring type's file; unknown when its type is not written. */
  private findField(type: TypedType<File>, name: string): TypedValue<File> | null {
    return findInHierarchy(
      type,
      (owner): TypedValue<File> | null => {
        if (!owner.fields.has(name)) return null;
        const text = owner.fields.get(name);
        return text ? this.typeValue(text, owner.file, null) : UNKNOWN;
      },
      (owner) => this.supersOf(owner),
      MAX_SUPERTYPE_DEPTH,
    );
  }

  /** A method of a type or its supertypes; among overloads, the one taking `args` arguments. */
  findMethod(type: TypedType<File>, name: string, args: number): TypedCallable<File> | null {
    return findInHierarchy(
      type,
      (owner) => overloadFor(owner.methods.get(name), args),
      (owner) => this.supersOf(owner),
      MAX_SUPERTYPE_DEPTH,
    );
  }

  /** A type's supertypes in the repository, resolved in its own file once. */
  supersOf(type: TypedType<File>): TypedType<File>[] {
    if (!type.resolvedSupers) {
      type.resolvedSupers = [];
      for (const text of type.supertypes) {
        const parent = this.language.resolveType(text, type.file, null);
        if ('symbol' in parent && parent !== type) type.resolvedSupers.push(parent);
      }
    }
    return type.resolvedSupers;
  }
}

/** The overload a call with `args` arguments means: the same arity, else a variadic one, else the first. */
function overloadFor<File>(overloads: TypedCallable<File>[] | undefined, args: number): TypedCallable<File> | null {
  if (!overloads || overloads.length === 0) return null;
  if (overloads.length === 1) return overloads[0]!;
  return overloads.find((m) => m.params === args) ?? overloads.find((m) => m.params < 0) ?? overloads[0]!;
}

/** Adds a method to its type's overloads. */
export function addMethod<File>(type: TypedType<File>, name: string, method: TypedCallable<File>): void {
  const overloads = type.methods.get(name);
  if (overloads) overloads.push(method);
  else type.methods.set(name, [method]);
}
