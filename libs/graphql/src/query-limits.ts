import {
  GraphQLError,
  type GraphQLNamedType,
  GraphQLObjectType,
  GraphQLInterfaceType,
  type FieldNode,
  Kind,
  type DocumentNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  TypeInfo,
  ValidationContext,
  type ValidationRule,
  getNamedType,
} from 'graphql';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@lore/domain/schemas/explorer';

/** What one GraphQL operation may ask: nesting, aliases, and cost (the fields it may resolve). */
export interface QueryLimits {
  maxDepth: number;
  maxAliases: number;
  maxCost: number;
}

export const QUERY_LIMITS: QueryLimits = { maxDepth: 10, maxAliases: 30, maxCost: 50_000 };

/** The size of a selection: its deepest nesting, its aliases and its cost, fragments counted where they are spread. */
interface Measure {
  depth: number;
  aliases: number;
  cost: number;
}

const NOTHING: Measure = { depth: 0, aliases: 0, cost: 0 };

/**
 * A validation rule that refuses an operation past the limits, before anything runs: deeper than
 * `maxDepth` fields, more than `maxAliases` aliases, or costlier than `maxCost`, where a field costs 1
 * and what is below a list field (one with a `first` argument) counts once per item of its page (its
 * `first`; the default page size when not given, the largest when a variable gives it). Introspection
 * (`__schema`, `__type`, `__typename`) is free, so GraphiQL can read the schema.
 */
export function queryLimitsRule(limits: QueryLimits = QUERY_LIMITS): ValidationRule {
  return (context: ValidationContext) => ({
    OperationDefinition(operation) {
      const root = context.getSchema().getRootType(operation.operation);
      const measure = new OperationMeasure(context).of(operation.selectionSet, root ?? undefined);
      for (const message of overLimits(measure, limits)) context.reportError(new GraphQLError(message, { nodes: operation }));
    },
  });
}

/** The cost of one operation of a validated document: the fields it may resolve, as the limits count them. */
export function operationCost(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): number {
  const context = new ValidationContext(schema, document, new TypeInfo(schema), () => undefined);
  return new OperationMeasure(context).of(operation.selectionSet, schema.getRootType(operation.operation) ?? undefined).cost;
}

function overLimits(measure: Measure, limits: QueryLimits): string[] {
  const messages: string[] = [];
  if (measure.depth > limits.maxDepth) {
    messages.push(`The query is ${measure.depth} fields deep; at most ${limits.maxDepth} are allowed: ask for less nesting.`);
  }
  if (measure.aliases > limits.maxAliases) {
    messages.push(`The query has ${measure.aliases} aliases; at most ${limits.maxAliases} are allowed.`);
  }
  if (measure.cost > limits.maxCost) {
    messages.push(
      `The query may resolve ${measure.cost} fields (each list counted at its page size, first); at most ${limits.maxCost} are allowed: ask for smaller pages or fewer nested lists.`,
    );
  }
  return messages;
}

/** Measures selections once each: a fragment is measured once however often it is spread (and a cycle counts nothing). */
class OperationMeasure {
  private readonly fragments = new Map<string, Measure>();

  constructor(private readonly context: ValidationContext) {}

  of(selectionSet: SelectionSetNode, parent: GraphQLNamedType | undefined): Measure {
    return selectionSet.selections.reduce((total, selection) => {
      switch (selection.kind) {
        case Kind.FIELD:
          return combine(total, this.field(selection, parent));
        case Kind.INLINE_FRAGMENT: {
          const type = selection.typeCondition ? this.context.getSchema().getType(selection.typeCondition.name.value) : parent;
          return combine(total, this.of(selection.selectionSet, type ?? undefined));
        }
        case Kind.FRAGMENT_SPREAD:
          return combine(total, this.fragment(selection.name.value));
      }
    }, NOTHING);
  }

  private field(field: FieldNode, parent: GraphQLNamedType | undefined): Measure {
    if (field.name.value.startsWith('__')) return NOTHING;
    const definition =
      parent instanceof GraphQLObjectType || parent instanceof GraphQLInterfaceType ? parent.getFields()[field.name.value] : undefined;
    const below = field.selectionSet ? this.of(field.selectionSet, definition ? getNamedType(definition.type) : undefined) : NOTHING;
    const pageSize = definition?.args.some((arg) => arg.name === 'first') ? pageSizeOf(field) : 1;
    return { depth: below.depth + 1, aliases: below.aliases + (field.alias ? 1 : 0), cost: 1 + pageSize * below.cost };
  }

  private fragment(name: string): Measure {
    const known = this.fragments.get(name);
    if (known) return known;
    this.fragments.set(name, NOTHING);
    const fragment = this.context.getFragment(name);
    const type = fragment ? this.context.getSchema().getType(fragment.typeCondition.name.value) : undefined;
    const measure = fragment ? this.of(fragment.selectionSet, type ?? undefined) : NOTHING;
    this.fragments.set(name, measure);
    return measure;
  }
}

/** The page size a list field asks for: its literal `first`, the largest for a variable, else the default. */
function pageSizeOf(field: FieldNode): number {
  const first = field.arguments?.find((arg) => arg.name.value === 'first')?.value;
  if (first === undefined || first.kind === Kind.NULL) return DEFAULT_PAGE_SIZE;
  return first.kind === Kind.INT ? Number(first.value) : MAX_PAGE_SIZE;
}

function combine(a: Measure, b: Measure): Measure {
  return { depth: Math.max(a.depth, b.depth), aliases: a.aliases + b.aliases, cost: a.cost + b.cost };
}
