import { z } from 'zod';
import { ERROR_CODES } from '../errors';

/**
 * The audit: one record per call of an operation (and per request an HTTP door refused before any
 * operation), hash-chained per tenant. Admin data: served by REST and the CLI, not by GraphQL or MCP.
 */

/** The doors a call can come through (libs/access `Door`). */
export const AUDIT_DOORS = ['rest', 'graphql', 'mcp-http', 'mcp-stdio', 'cli', 'internal'] as const;

/** `ok`, or the error code the call ended with. */
export const AUDIT_STATUSES = ['ok', ...ERROR_CODES] as const;

/** At most this many artifact refs per record: the record says what was touched, it is no copy of the answer. */
export const MAX_AUDIT_REFS = 20;
export const MAX_AUDIT_PAGE = 500;

/** What a record holds besides its place in the chain (seq, prevHash, hash). Never raw content or a secret. */
export const AuditEntrySchema = z.object({
  id: z.string().describe('A random id, unique across chains.'),
  tenantId: z.string(),
  timestamp: z.string().describe('When the call ended (ISO 8601, UTC, milliseconds).'),
  subject: z
    .string()
    .describe('The principal (api-key-<id>, a token subject, local); "anonymous" when the request carried no valid credential.'),
  door: z.enum(AUDIT_DOORS),
  operation: z.string().describe('The operation (get_callers), or the route an HTTP door refused before any operation (POST /mcp).'),
  repository: z.string().nullable().describe('The repository the input named, if any.'),
  refs: z
    .array(z.string())
    .max(MAX_AUDIT_REFS)
    .describe(`Uids and URIs named in the input and the top-level ids of the answer (at most ${MAX_AUDIT_REFS}).`),
  queryHash: z.string().nullable().describe("sha256 of a free-text query (search_code's): the text itself is user input and is not kept."),
  status: z.enum(AUDIT_STATUSES),
  httpStatus: z
    .number()
    .int()
    .nullable()
    .describe('The HTTP status of a request refused before any operation (401, 403, 413, 429); null otherwise.'),
  latencyMs: z.number(),
  resultBytes: z.number().int().nullable().describe("Bytes of the answer's JSON; null when the call failed."),
  requestId: z.string(),
  agentRunId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditRecordSchema = AuditEntrySchema.extend({
  seq: z.number().int().describe('Position in its tenant chain: 1, 2, 3... with no gap.'),
  prevHash: z.string().describe('The hash of the record before (of the retention anchor, or 64 zeros, for the first).'),
  hash: z.string().describe('sha256 of prevHash and the canonical JSON of the other fields.'),
});
export type AuditRecord = z.infer<typeof AuditRecordSchema>;

const isoDateTime = z.iso.datetime({ offset: true });

export const ListAuditInputSchema = z
  .object({
    tenant: z.string().min(1).max(200).optional().describe("The tenant whose audit to read: only the caller's own (the default)."),
    subject: z.string().min(1).max(500).optional().describe('Only the calls of this principal.'),
    operation: z.string().min(1).max(200).optional().describe('Only this operation (get_symbol) or refused route (POST /mcp).'),
    status: z.enum(AUDIT_STATUSES).optional().describe('Only calls that ended so: ok, or an error code (permission_denied).'),
    door: z.enum(AUDIT_DOORS).optional().describe('Only calls through this door.'),
    from: isoDateTime.optional().describe('Only calls that ended at or after this instant (ISO 8601).'),
    to: isoDateTime.optional().describe('Only calls that ended before this instant (ISO 8601).'),
    limit: z
      .number()
      .int()
      .min(1)
      .max(MAX_AUDIT_PAGE)
      .default(50)
      .describe(`At most this many records on a page (at most ${MAX_AUDIT_PAGE}).`),
    cursor: z.string().min(1).max(200).optional().describe('The nextCursor of the previous page, asked with the same filters.'),
  })
  .strict();
export type ListAuditInput = z.input<typeof ListAuditInputSchema>;
export type ListAuditQuery = z.output<typeof ListAuditInputSchema>;

export const ListAuditResultSchema = z.object({
  tenantId: z.string(),
  records: z.array(AuditRecordSchema).describe('Newest first.'),
  nextCursor: z.string().nullable().describe('Pass as cursor for the next (older) page; null on the last page.'),
});
export type ListAuditResult = z.infer<typeof ListAuditResultSchema>;

export const VerifyAuditInputSchema = z
  .object({
    tenant: z.string().min(1).max(200).optional().describe("The tenant whose chain to verify: only the caller's own (the default)."),
  })
  .strict();
export type VerifyAuditInput = z.input<typeof VerifyAuditInputSchema>;

export const AUDIT_PROBLEM_KINDS = ['edited', 'removed', 'inserted', 'relinked'] as const;

export const AuditProblemSchema = z.object({
  kind: z
    .enum(AUDIT_PROBLEM_KINDS)
    .describe(
      'edited: the record no longer hashes to its hash; removed: seqs missing before this record or after the last; ' +
        'inserted: a second record with a seq already seen; relinked: its prevHash is not the hash of the record before (that one was edited and re-hashed, or this one put in its place).',
    ),
  seq: z.number().int().describe('The seq of the record named (for removed: the first missing seq).'),
  id: z.string().nullable().describe('The id of the record named; null when it is missing.'),
  message: z.string(),
});
export type AuditProblem = z.infer<typeof AuditProblemSchema>;

export const VerifyAuditResultSchema = z.object({
  tenantId: z.string(),
  valid: z.boolean(),
  checked: z.number().int().describe('Records read and re-hashed.'),
  anchorSeq: z.number().int().describe('The last seq removed by retention (0: none); the chain starts after it.'),
  headSeq: z.number().int().describe('The last seq written.'),
  headHash: z.string().describe('The hash of the last record: kept elsewhere, it shows later whether the chain was rewritten whole.'),
  problem: AuditProblemSchema.nullable().describe('The first problem found, in seq order; null when the chain is intact.'),
});
export type VerifyAuditResult = z.infer<typeof VerifyAuditResultSchema>;
