import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiQuery } from '@nestjs/swagger';
import { z } from 'zod';
import { aliasTarget, fieldAt } from '@lore/domain';
import { openApiSchema } from './openapi';

/**
 * A GET route's query string, mapped onto a service's zod input schema: each field is a parameter of
 * its own name, the fields of a nested object too (search_code's scope.repositoryId is
 * `repositoryId`); numbers and booleans are read from their text, arrays from comma-separated lists.
 * A parameter the schema does not know stays in the input, so the service's strict schema refuses
 * it exactly as it refuses an unknown field of a POST body (or takes it as another name of a field).
 * Typed as the schema's input, as a body is: the service's parseInput validates it.
 */
export function inputFromQuery<S extends z.ZodType>(schema: S, query: Record<string, unknown>): z.input<S> {
  const input: Record<string, unknown> = {};
  const remaining = new Map(Object.entries(query));
  for (const [key, field] of Object.entries(objectShape(schema))) {
    const nested = objectShapeOrNull(field);
    if (nested) {
      const value = Object.fromEntries(
        Object.entries(nested).flatMap(([name, leaf]) => (remaining.has(name) ? [[name, readLeaf(leaf, take(remaining, name))]] : [])),
      );
      if (Object.keys(value).length > 0) input[key] = value;
    } else if (remaining.has(key)) {
      input[key] = readLeaf(field, take(remaining, key));
    }
  }
  // Another name of a field (limit for maxResults, repo for repositoryId) is read as that field's
  // type and keeps its name, so that an error names it as the caller did.
  for (const [key, value] of remaining) {
    const target = aliasTarget(schema, key);
    input[key] = target ? readLeaf(fieldAt(schema, target)!, value) : value;
  }
  return input as z.input<S>;
}

/** OpenAPI: the query parameters inputFromQuery reads, documented from the same schema. */
export function ApiQueryFrom(schema: z.ZodType): MethodDecorator {
  const parameters = Object.entries(objectShape(schema)).flatMap(([key, field]) => {
    const nested = objectShapeOrNull(field);
    if (!nested) return [queryParameter(key, field, !isOptional(field))];
    return Object.entries(nested).map(([name, leaf]) => queryParameter(name, leaf, false));
  });
  return applyDecorators(...parameters.map((parameter) => ApiQuery(parameter)));
}

/** OpenAPI: a JSON body that is the service's input, as on the MCP tool. */
export function ApiBodyFrom(schema: z.ZodType): MethodDecorator {
  return ApiBody({ schema: openApiSchema(schema, 'input') });
}

function queryParameter(name: string, field: z.ZodType, required: boolean) {
  const leaf = unwrap(field);
  if (leaf._zod.def.type === 'array') {
    const items = openApiSchema((leaf._zod.def as unknown as { element: z.ZodType }).element, 'input');
    const choices = Array.isArray(items.enum) ? `: ${items.enum.join(', ')}` : '';
    return { name, required, description: `${field.description ?? ''} Comma-separated${choices}.`.trim(), schema: { type: 'string' } };
  }
  return { name, required, description: field.description, schema: openApiSchema(field, 'input') };
}

function readLeaf(field: z.ZodType, value: unknown): unknown {
  const type = unwrap(field)._zod.def.type;
  const texts = (Array.isArray(value) ? value : [value]).map(String);
  if (type === 'array') return texts.flatMap((text) => text.split(',')).map((text) => readScalar(elementOf(field), text));
  return Array.isArray(value) ? value : readScalar(field, texts[0]!);
}

function readScalar(field: z.ZodType, text: string): unknown {
  const type = unwrap(field)._zod.def.type;
  if (type === 'number') return text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
  if (type === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
  return text;
}

function take(query: Map<string, unknown>, key: string): unknown {
  const value = query.get(key);
  query.delete(key);
  return value;
}

function objectShape(schema: z.ZodType): Record<string, z.ZodType> {
  const shape = objectShapeOrNull(schema);
  if (!shape) throw new Error('A REST input schema must be a zod object');
  return shape;
}

function objectShapeOrNull(schema: z.ZodType): Record<string, z.ZodType> | null {
  const inner = unwrap(schema);
  return inner._zod.def.type === 'object' ? (inner._zod.def as unknown as { shape: Record<string, z.ZodType> }).shape : null;
}

function elementOf(field: z.ZodType): z.ZodType {
  return (unwrap(field)._zod.def as unknown as { element: z.ZodType }).element;
}

function isOptional(field: z.ZodType): boolean {
  return field.safeParse(undefined).success;
}

function unwrap(schema: z.ZodType): z.ZodType {
  let inner = schema;
  for (;;) {
    const def = inner._zod.def as unknown as { type: string; innerType?: z.ZodType };
    if (def.type !== 'optional' && def.type !== 'nullable' && def.type !== 'default') return inner;
    inner = def.innerType!;
  }
}
