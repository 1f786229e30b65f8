import { z } from 'zod';
import { TrustBoundarySchema, schemaNames } from './shared';

/** get_file_span: the lines a code://, symbol:// or doc:// URI names, at the indexed commit, capped. */
export const DEFAULT_SPAN_LINES = 200;
export const MAX_SPAN_LINES = 1000;

export const GetFileSpanInputSchema = z
  .object({
    uri: z
      .string()
      .min(1)
      .max(4000)
      .describe(
        'code://{repo}/{commit}/{path}#L{start}-L{end}, symbol://{repo}/{commit}/{qualifiedName} or doc://{repo}/{commit}/{path}#L{start}-L{end}. Without a fragment, a file is read from its first line.',
      ),
    maxLines: z
      .number()
      .int()
      .min(1)
      .max(MAX_SPAN_LINES)
      .default(DEFAULT_SPAN_LINES)
      .describe(`Serve at most this many lines (${DEFAULT_SPAN_LINES} by default); nextUri names the lines that follow.`),
  })
  .strict()
  .register(schemaNames, { name: 'GetFileSpanInput' });
export type GetFileSpanInput = z.input<typeof GetFileSpanInputSchema>;

export const FileSpanSchema = z
  .object({
    uri: z.string().describe('The lines served: a code:// or doc:// URI with their range, or the symbol:// URI asked for.'),
    repositoryId: z.string(),
    commitSha: z.string().describe('The indexed commit the text is from.'),
    path: z.string(),
    language: z.string(),
    mimeType: z.string(),
    startLine: z.number().int().describe('First line served, counted from 1.'),
    endLine: z.number().int().describe('Last line served (startLine - 1 for an empty file).'),
    lineCount: z.number().int().describe('Lines in the whole file (a final newline does not start another line).'),
    text: z.string().describe('The lines served, joined by newlines, secrets redacted.'),
    truncated: z.boolean().describe('Whether lines asked for were left out to keep within maxLines.'),
    nextUri: z.string().nullable().describe('The URI of the lines that follow, up to maxLines of them, when truncated; null otherwise.'),
    trustBoundary: TrustBoundarySchema,
  })
  .register(schemaNames, { name: 'FileSpan' });
export type FileSpan = z.infer<typeof FileSpanSchema>;
