import { z } from 'zod';

/** OpenAPI schema objects from the same zod schemas the services validate with. */
export function openApiSchema(schema: z.ZodType, io: 'input' | 'output' = 'output'): Record<string, unknown> {
  return z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as Record<string, unknown>;
}
