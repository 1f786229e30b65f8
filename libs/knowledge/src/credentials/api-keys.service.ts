import { Injectable } from '@nestjs/common';
import { AuthenticationRequiredError, newApiKeySecret, parseApiKey, secretMatches } from '@lore/access';
import { type Permission, type Principal, NotFoundError } from '@lore/domain';
import {
  type ApiKeyInfo,
  type CreateApiKeyInput,
  CreateApiKeyInputSchema,
  type CreatedApiKey,
  type ListApiKeysInput,
  ListApiKeysInputSchema,
  type RevokeApiKeyInput,
  RevokeApiKeyInputSchema,
  durationMs,
} from '@lore/domain/schemas/keys';
import { ApiKeyRepository, type ListedApiKey, MigrationService } from '@lore/graph';
import { Operation } from '../operations/operation';
import { parseInput } from '../validation';

/** How long the answer to "does any key exist?" is believed (it decides whether HTTP callers must authenticate). */
export const KEYS_EXIST_CACHE_MS = 10_000;

/**
 * API keys stored in Neo4j, managed by an admin (`lore keys`), and the principal a presented key
 * stands for. Only the digest of a key's secret is stored; the key is shown once, at creation.
 * Managing keys is an admin operation: the gate refuses it to any principal without `admin`.
 */
@Injectable()
export class ApiKeysService {
  private keysExist: { value: boolean; until: number } | null = null;

  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly migrations: MigrationService,
  ) {}

  @Operation('create_api_key', { kind: 'admin' })
  async createKey(input: CreateApiKeyInput, _principal: Principal): Promise<CreatedApiKey> {
    const { tenantId, repositories, permissions, toolProfile, expiresIn, label } = parseInput(CreateApiKeyInputSchema, input);
    if (!this.migrations.upToDate) await this.migrations.migrate();
    const { id, key, secretDigest } = newApiKeySecret();
    const now = Date.now();
    const stored = {
      id,
      tenantId,
      secretDigest,
      repositories: repositories === '*' ? null : [...new Set(repositories)],
      permissions,
      toolProfile,
      label,
      createdAt: new Date(now).toISOString(),
      expiresAt: expiresIn === null ? null : new Date(now + durationMs(expiresIn)).toISOString(),
    };
    await this.keys.create(stored);
    this.keysExist = { value: true, until: Date.now() + KEYS_EXIST_CACHE_MS };
    return { key, ...infoOf({ ...stored, revokedAt: null }) };
  }

  @Operation('list_api_keys', { kind: 'admin' })
  async listKeys(input: ListApiKeysInput, _principal: Principal): Promise<{ keys: ApiKeyInfo[] }> {
    const { tenantId } = parseInput(ListApiKeysInputSchema, input);
    return { keys: (await this.keys.list(tenantId ?? null)).map(infoOf) };
  }

  @Operation('revoke_api_key', { kind: 'admin' })
  async revokeKey(input: RevokeApiKeyInput, _principal: Principal): Promise<ApiKeyInfo> {
    const { id } = parseInput(RevokeApiKeyInputSchema, input);
    const revoked = await this.keys.revoke(id, new Date().toISOString());
    if (!revoked) throw new NotFoundError(`No API key ${id}.`, { hint: 'lore keys list shows the keys.' });
    this.keysExist = null;
    return infoOf(revoked);
  }

  /**
   * The principal of a presented API key; null when the token is not shaped like one (it may be a
   * JWT). An unknown, wrong, revoked or expired key is AuthenticationRequiredError, with one message
   * for all of them (a caller learns nothing about which keys exist).
   */
  async principalOfKey(token: string): Promise<Principal | null> {
    const parsed = parseApiKey(token);
    if (!parsed) return null;
    const stored = await this.keys.get(parsed.id);
    const usable =
      stored !== null &&
      secretMatches(parsed.secret, stored.secretDigest) &&
      stored.revokedAt === null &&
      (stored.expiresAt === null || Date.parse(stored.expiresAt) > Date.now());
    if (!usable) throw new AuthenticationRequiredError('The API key is unknown, revoked or expired.', true);
    return {
      tenantId: stored.tenantId,
      subject: `api-key:${stored.id}`,
      repositories: stored.repositories ?? '*',
      permissions: stored.permissions as Permission[],
      toolProfile: stored.toolProfile,
    };
  }

  /**
   * Whether a usable key (neither revoked nor expired) exists, believed for KEYS_EXIST_CACHE_MS; a
   * creation or revocation through this service refreshes it at once.
   */
  async anyKeyExists(): Promise<boolean> {
    if (this.keysExist && this.keysExist.until > Date.now()) return this.keysExist.value;
    const value = await this.keys.anyUsable();
    this.keysExist = { value, until: Date.now() + KEYS_EXIST_CACHE_MS };
    return value;
  }
}

function infoOf(key: ListedApiKey): ApiKeyInfo {
  return {
    id: key.id,
    tenantId: key.tenantId,
    repositories: key.repositories ?? '*',
    permissions: key.permissions as ApiKeyInfo['permissions'],
    toolProfile: key.toolProfile,
    label: key.label,
    createdAt: key.createdAt,
    expiresAt: key.expiresAt,
    revokedAt: key.revokedAt,
  };
}
