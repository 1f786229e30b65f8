import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLFloat,
  type GraphQLInputType,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  type GraphQLNamedType,
  GraphQLNonNull,
  GraphQLObjectType,
  type GraphQLOutputType,
  GraphQLSchema,
  GraphQLString,
  printSchema,
} from 'graphql';
import type { z } from 'zod';
import { schemaNames } from '@lore/domain';

/** A root query field, declared on its resolver method with @LoreQuery. */
export interface GraphqlQueryField {
  name: string;
  description: string;
  /** Each argument's zod schema: an object schema becomes an input type, a scalar a scalar argument. */
  args: Record<string, z.ZodType>;
  result: z.ZodType;
}

type Mode = 'input' | 'output';

/** The GraphQL schema (SDL) of the given query fields, every type derived from the domain's zod schemas. */
export function graphqlSdl(fields: readonly GraphqlQueryField[]): string {
  const types = new ZodGraphqlTypes();
  const query = new GraphQLObjectType({
    name: 'Query',
    fields: Object.fromEntries(
      fields.map((field) => [
        field.name,
        {
          description: field.description,
          type: types.output(field.result, `${pascal(field.name)}Result`),
          args: Object.fromEntries(
            Object.entries(field.args).map(([name, schema]) => [
              name,
              { type: types.input(schema, `${pascal(field.name)}${pascal(name)}`) },
            ]),
          ),
        },
      ]),
    ),
  });
  return printSchema(new GraphQLSchema({ query }));
}

/**
 * zod to GraphQL, for the shapes the domain uses: objects, arrays, enums, strings, numbers (Int when
 * the schema says int), booleans, literals (as String); optional, nullable and defaulted fields are
 * nullable. A schema named in the domain's `schemaNames` registry keeps that name; an unnamed one is
 * named after where it appears (SearchHit.scores -> SearchHitScores).
 */
class ZodGraphqlTypes {
  private readonly named = new Map<string, { type: GraphQLNamedType; mode: Mode | 'both' }>();

  output(schema: z.ZodType, fallbackName: string): GraphQLOutputType {
    return this.convert(schema, fallbackName, 'output') as GraphQLOutputType;
  }

  input(schema: z.ZodType, fallbackName: string): GraphQLInputType {
    return this.convert(schema, fallbackName, 'input') as GraphQLInputType;
  }

  private convert(schema: z.ZodType, fallbackName: string, mode: Mode): GraphQLOutputType | GraphQLInputType {
    const { inner, nullable } = unwrap(schema, mode);
    const type = this.convertNonNull(inner, fallbackName, mode);
    return nullable ? type : new GraphQLNonNull(type as never);
  }

  private convertNonNull(schema: z.ZodType, fallbackName: string, mode: Mode): GraphQLNamedType | GraphQLList<never> {
    const def = schema._zod.def as unknown as ZodDef;
    switch (def.type) {
      case 'string':
      case 'literal':
        return GraphQLString;
      case 'boolean':
        return GraphQLBoolean;
      case 'number':
        return isInt(schema) ? GraphQLInt : GraphQLFloat;
      case 'array':
        return new GraphQLList(this.convert(def.element!, fallbackName, mode)) as GraphQLList<never>;
      case 'enum':
        return this.namedType(nameOf(schema, fallbackName), 'both', (name) => {
          const values = Object.keys(def.entries!).map((value) => [value, { value }]);
          return new GraphQLEnumType({ name, description: schema.description, values: Object.fromEntries(values) });
        });
      case 'object':
        return this.namedType(nameOf(schema, fallbackName), mode, (name) => {
          const fields = () =>
            Object.fromEntries(
              Object.entries(def.shape!).map(([key, field]) => [
                key,
                { type: this.convert(field, `${name}${pascal(key)}`, mode) as never, description: field.description },
              ]),
            );
          return mode === 'input'
            ? new GraphQLInputObjectType({ name, description: schema.description, fields })
            : new GraphQLObjectType({ name, description: schema.description, fields });
        });
      default:
        throw new Error(`No GraphQL type for the zod type ${def.type} (${fallbackName})`);
    }
  }

  private namedType(name: string, mode: Mode | 'both', make: (name: string) => GraphQLNamedType): GraphQLNamedType {
    const known = this.named.get(name);
    if (known) {
      if (known.mode !== mode) throw new Error(`The zod schema named ${name} is used both as a GraphQL input and output type`);
      return known.type;
    }
    const type = make(name);
    this.named.set(name, { type, mode });
    return type;
  }
}

interface ZodDef {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  entries?: Record<string, string>;
  shape?: Record<string, z.ZodType>;
}

/** Strips optional, nullable, default and pipe wrappers, noting whether null may stand for the value. */
function unwrap(schema: z.ZodType, mode: Mode): { inner: z.ZodType; nullable: boolean } {
  let inner = schema;
  let nullable = false;
  for (;;) {
    const def = inner._zod.def as unknown as ZodDef;
    if (def.type === 'optional' || def.type === 'nullable' || def.type === 'default') {
      nullable = true;
      inner = def.innerType!;
    } else if (def.type === 'pipe') {
      inner = mode === 'input' ? def.in! : def.out!;
    } else {
      return { inner, nullable };
    }
  }
}

function isInt(schema: z.ZodType): boolean {
  const format = (schema as unknown as { format?: string | null }).format;
  return format === 'safeint' || format === 'int32' || format === 'uint32';
}

function nameOf(schema: z.ZodType, fallbackName: string): string {
  return schemaNames.get(schema)?.name ?? fallbackName;
}

function pascal(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
