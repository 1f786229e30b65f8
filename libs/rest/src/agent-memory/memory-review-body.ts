import { ReviewMemoryInputSchema } from '@lore/domain/schemas/agent-memory';

/** The JSON body of approve and archive: the review without the memory the path names; the service validates it. */
export const ReviewBodySchema = ReviewMemoryInputSchema.omit({ memoryId: true });
