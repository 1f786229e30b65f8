import { Mutation, Query, ResolveField } from '@nestjs/graphql';
import type { GraphqlObjectField, GraphqlQueryField } from './zod-graphql';

const QUERY_FIELDS = Symbol('lore:graphql-query-fields');
const OBJECT_FIELDS = Symbol('lore:graphql-object-fields');
const MUTATION_FIELDS = Symbol('lore:graphql-mutation-fields');

/** A root query field: Nest binds the method to it, and the schema gets its types from the field's zod schemas. */
export function LoreQuery(field: GraphqlQueryField): MethodDecorator {
  return (target, key, descriptor) => {
    Reflect.defineMetadata(QUERY_FIELDS, [...queryFieldsOf(target.constructor), field], target.constructor);
    Query(field.name)(target, key, descriptor);
  };
}

/** A root mutation field (a write, such as project knowledge's): typed from its zod schemas like a query field. */
export function LoreMutation(field: GraphqlQueryField): MethodDecorator {
  return (target, key, descriptor) => {
    Reflect.defineMetadata(MUTATION_FIELDS, [...mutationFieldsOf(target.constructor), field], target.constructor);
    Mutation(field.name)(target, key, descriptor);
  };
}

/**
 * A field of a named object type (`Symbol.callers`), resolved from its parent object: Nest binds the
 * method to it (the class is `@Resolver(field.type)`), and the schema adds the field to the type the
 * zod schema named `field.type` makes.
 */
export function LoreField(field: GraphqlObjectField): MethodDecorator {
  return (target, key, descriptor) => {
    Reflect.defineMetadata(OBJECT_FIELDS, [...objectFieldsOf(target.constructor), field], target.constructor);
    ResolveField(field.name)(target, key, descriptor);
  };
}

export function queryFieldsOf(resolver: object): GraphqlQueryField[] {
  return (Reflect.getMetadata(QUERY_FIELDS, resolver) as GraphqlQueryField[] | undefined) ?? [];
}

export function mutationFieldsOf(resolver: object): GraphqlQueryField[] {
  return (Reflect.getMetadata(MUTATION_FIELDS, resolver) as GraphqlQueryField[] | undefined) ?? [];
}

export function objectFieldsOf(resolver: object): GraphqlObjectField[] {
  return (Reflect.getMetadata(OBJECT_FIELDS, resolver) as GraphqlObjectField[] | undefined) ?? [];
}
