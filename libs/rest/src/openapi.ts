import { z } from 'zod';

/** OpenAPI schema objects from the same zod schemas the services validate with. */
export function openApiSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;
}
