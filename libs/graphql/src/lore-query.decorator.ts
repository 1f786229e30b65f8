import { Query } from '@nestjs/graphql';
import type { GraphqlQueryField } from './zod-graphql';

const QUERY_FIELDS = Symbol('lore:graphql-query-fields');

/** A root query field: Nest binds the method to it, and the schema gets its types from the field's zod schemas. */
export function LoreQuery(field: GraphqlQueryField): MethodDecorator {
  return (target, key, descriptor) => {
    const fields = queryFieldsOf(target.constructor);
    Reflect.defineMetadata(QUERY_FIELDS, [...fields, field], target.constructor);
    Query(field.name)(target, key, descriptor);
  };
}

export function queryFieldsOf(resolver: object): GraphqlQueryField[] {
  return (Reflect.getMetadata(QUERY_FIELDS, resolver) as GraphqlQueryField[] | undefined) ?? [];
}
