import { z } from 'zod';
import { TrustBoundarySchema, schemaNames } from './shared';

/** get_file_span: the text of a code:// span at the indexed commit. */
export const MAX_SPAN_LINES = 400;

export const GetFileSpanInputSchema = z
  .object({ uri: z.string().min(1).max(4000).describe('code://{repo}/{commit}/{path}#L{start}-L{end}') })
  .strict()
  .register(schemaNames, { name: 'GetFileSpanInput' });
export type GetFileSpanInput = z.infer<typeof GetFileSpanInputSchema>;

export const FileSpanSchema = z
  .object({
    uri: z.string(),
    repositoryId: z.string(),
    commitSha: z.string(),
    path: z.string(),
    language: z.string(),
    mimeType: z.string(),
    startLine: z.number().int(),
    endLine: z.number().int(),
    text: z.string(),
    truncated: z.boolean(),
    trustBoundary: TrustBoundarySchema,
  })
  .register(schemaNames, { name: 'FileSpan' });
export type FileSpan = z.infer<typeof FileSpanSchema>;
