import {
  GraphQLBoolean,
  GraphQLEnumType,
  type GraphQLFieldConfigMap,
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
import { GraphQLJSONObject } from 'graphql-scalars';
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

/** A field added to a named object type (Symbol.callers), declared on its resolver method with @LoreField. */
export interface GraphqlObjectField extends GraphqlQueryField {
  /** The GraphQL name of the type, as its zod schema is registered in `schemaNames`. */
  type: string;
}

type Mode = 'input' | 'output';

/**
 * The GraphQL schema (SDL) of the given query fields, every type derived from the domain's zod schemas;
 * `objectFields` add fields with arguments to the named object types (the relations a person follows),
 * `mutations` are the root mutation fields.
 */
export function graphqlSdl(
  fields: readonly GraphqlQueryField[],
  objectFields: readonly GraphqlObjectField[] = [],
  mutations: readonly GraphqlQueryField[] = [],
): string {
  const types = new ZodGraphqlTypes(objectFields);
  const query = new GraphQLObjectType({ name: 'Query', fields: types.fieldConfigs('', fields) });
  const mutation =
    mutations.length === 0 ? undefined : new GraphQLObjectType({ name: 'Mutation', fields: types.fieldConfigs('', mutations) });
  const schema = new GraphQLSchema({ query, mutation });
  for (const field of objectFields) {
    if (!(schema.getType(field.type) instanceof GraphQLObjectType)) {
      throw new Error(`${field.type}.${field.name} extends ${field.type}, which no query field's result reaches as an object type`);
    }
  }
  return printSchema(schema);
}

/**
 * zod to GraphQL, for the shapes the domain uses: objects, arrays, enums, strings, numbers (Int when
 * the schema says int), booleans, literals (as String); optional, nullable and defaulted fields are
 * nullable. A schema named in the domain's `schemaNames` registry keeps that name; an unnamed one is
 * named after where it appears (SearchHit.scores -> SearchHitScores).
 */
class ZodGraphqlTypes {
  private readonly named = new Map<string, { type: GraphQLNamedType; mode: Mode | 'both'; origin: z.ZodType }>();

  constructor(private readonly objectFields: readonly GraphqlObjectField[]) {}

  /** The fields of a type (of Query when `owner` is ''), their unnamed types named after owner and field. */
  fieldConfigs(owner: string, fields: readonly GraphqlQueryField[]): GraphQLFieldConfigMap<unknown, unknown> {
    return Object.fromEntries(
      fields.map((field) => {
        const prefix = `${owner}${pascal(field.name)}`;
        const args = Object.entries(field.args).map(([name, schema]) => [
          name,
          { type: this.input(schema, `${prefix}${pascal(name)}`), description: schema.description },
        ]);
        return [
          field.name,
          { description: field.description, type: this.output(field.result, `${prefix}Result`), args: Object.fromEntries(args) },
        ];
      }),
    );
  }

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
        return this.namedType(nameOf(schema, fallbackName), 'both', schema, (name) => {
          const values = Object.keys(def.entries!).map((value) => [value, { value }]);
          return new GraphQLEnumType({ name, description: schema.description, values: Object.fromEntries(values) });
        });
      case 'record':
        // GraphQL has no map type: a record (keys chosen by the data, as file_types' extensions) is a JSON object.
        return GraphQLJSONObject;
      case 'object':
        return this.namedType(nameOf(schema, fallbackName), mode, schema, (name) => {
          const fields = () =>
            Object.fromEntries(
              Object.entries(def.shape!).map(([key, field]) => [
                key,
                { type: this.convert(field, `${name}${pascal(key)}`, mode) as never, description: field.description },
              ]),
            );
          if (mode === 'input') return new GraphQLInputObjectType({ name, description: schema.description, fields });
          const withExtensions = () => ({ ...fields(), ...this.extensionsOf(name, Object.keys(def.shape!)) });
          return new GraphQLObjectType({ name, description: schema.description, fields: withExtensions });
        });
      default:
        throw new Error(`No GraphQL type for the zod type ${def.type} (${fallbackName})`);
    }
  }

  /** The @LoreField fields of the object type `name`; a field its zod schema has already is refused. */
  private extensionsOf(name: string, ownFields: readonly string[]): GraphQLFieldConfigMap<unknown, unknown> {
    const extensions = this.objectFields.filter((field) => field.type === name);
    const clash = extensions.find((field) => ownFields.includes(field.name));
    if (clash) throw new Error(`${name}.${clash.name} is a field of its zod schema already`);
    return this.fieldConfigs(name, extensions);
  }

  private namedType(name: string, mode: Mode | 'both', schema: z.ZodType, make: (name: string) => GraphQLNamedType): GraphQLNamedType {
    const known = this.named.get(name);
    if (known) {
      if (known.mode !== mode) throw new Error(`The zod schema named ${name} is used both as a GraphQL input and output type`);
      // Two schemas registered under one name would share the first one's type: the second's values fail at run time.
      if (known.origin !== originOf(schema)) throw new Error(`Two different zod schemas are registered as ${name}: give each its own name`);
      return known.type;
    }
    const type = make(name);
    this.named.set(name, { type, mode, origin: originOf(schema) });
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

/** The schema a derived one (`.describe()`, `.optional()` of it...) was made from: they share a name, and a type. */
function originOf(schema: z.ZodType): z.ZodType {
  let origin = schema as unknown as { _zod: { parent?: unknown } };
  while (origin._zod.parent) origin = origin._zod.parent as typeof origin;
  return origin as unknown as z.ZodType;
}

function nameOf(schema: z.ZodType, fallbackName: string): string {
  return schemaNames.get(schema)?.name ?? fallbackName;
}

function pascal(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
