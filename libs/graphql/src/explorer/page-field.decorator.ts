import type { z } from 'zod';
import { PageInputSchema } from '@lore/domain/schemas/explorer';
import { LoreField } from '../lore-query.decorator';

/** A list field of the object type `type`: a connection asked a page at a time (first, after). */
export function PageField(type: string, name: string, result: z.ZodType, description: string): MethodDecorator {
  return LoreField({ type, name, description, args: PageInputSchema.shape, result });
}
