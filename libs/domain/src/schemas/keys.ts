import { z } from 'zod';
import { PERMISSIONS, TOOL_PROFILE_NAMES } from '../principal';
import { RepositoryIdSchema } from './shared';

/** API keys: created, listed and revoked by an admin (`lore keys`); the key itself is shown once, at creation. */
export const TenantIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'a lower-case tenant id')
  .describe('The tenant whose repositories the key reads.');

/** A lifetime such as 90s, 30m, 12h or 30d. */
const DurationSchema = z.string().regex(/^[1-9]\d{0,5}[smhd]$/, 'a duration such as 90s, 30m, 12h or 30d');

export const CreateApiKeyInputSchema = z
  .object({
    tenantId: TenantIdSchema,
    repositories: z
      .union([z.literal('*'), z.array(RepositoryIdSchema).min(1).max(1000)])
      .default('*')
      .describe("The repositories the key may read: '*' (every repository of the tenant) or a list of ids."),
    permissions: z
      .array(z.enum(PERMISSIONS))
      .min(1)
      .default(['read'])
      .transform((permissions) => [...new Set(permissions)])
      .describe(
        'What the key may do: read, index (side effects), admin, knowledge:write (project knowledge, memory candidates), memory:approve (approve and archive agent memory).',
      ),
    toolProfile: z
      .enum(TOOL_PROFILE_NAMES)
      .nullable()
      .default(null)
      .describe("The MCP tool profile the key is limited to; null: the server's."),
    expiresIn: DurationSchema.nullable().default(null).describe('The key stops working this long after creation; null: never.'),
    label: z.string().min(1).max(200).nullable().default(null).describe('Who or what the key is for.'),
  })
  .strict();
export type CreateApiKeyInput = z.input<typeof CreateApiKeyInputSchema>;

/** A key as listed: everything but the secret (which is not stored; only its digest is). */
export interface ApiKeyInfo {
  id: string;
  tenantId: string;
  repositories: '*' | string[];
  permissions: (typeof PERMISSIONS)[number][];
  toolProfile: string | null;
  label: string | null;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
}

/** The answer to a creation: the key, printed once, with what it grants. */
export interface CreatedApiKey extends ApiKeyInfo {
  key: string;
}

export const ListApiKeysInputSchema = z.object({ tenantId: TenantIdSchema.optional().describe('Only the keys of this tenant.') }).strict();
export type ListApiKeysInput = z.input<typeof ListApiKeysInputSchema>;

export const RevokeApiKeyInputSchema = z.object({ id: z.string().regex(/^[0-9a-f]{16}$/, 'a key id (16 hex digits)') }).strict();
export type RevokeApiKeyInput = z.input<typeof RevokeApiKeyInputSchema>;

/** Milliseconds of a duration accepted by DurationSchema. */
export function durationMs(duration: string): number {
  const unit = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[duration.slice(-1) as 's' | 'm' | 'h' | 'd'];
  return Number(duration.slice(0, -1)) * unit;
}
