import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The shape of a Lore API key: `lore_<id>_<secret>`. The id (16 hex digits) finds the stored key;
 * the secret (256 random bits) is never stored, only its SHA-256 digest: a high-entropy secret needs
 * no slow hash, and a leaked graph gives no usable key.
 */
const API_KEY = /^lore_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

export interface ApiKeySecret {
  id: string;
  key: string;
  secretDigest: string;
}

export function newApiKeySecret(): ApiKeySecret {
  const id = randomBytes(8).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  return { id, key: `lore_${id}_${secret}`, secretDigest: digestOf(secret) };
}

/** The id and secret of a presented key, or null when it is not shaped like one (a JWT, say). */
export function parseApiKey(token: string): { id: string; secret: string } | null {
  const match = API_KEY.exec(token);
  return match ? { id: match[1], secret: match[2] } : null;
}

/** Whether a presented secret is the one whose digest was stored, in time that does not depend on where they differ. */
export function secretMatches(secret: string, storedDigest: string): boolean {
  const stored = Buffer.from(storedDigest, 'hex');
  const presented = Buffer.from(digestOf(secret), 'hex');
  return stored.length === presented.length && timingSafeEqual(stored, presented);
}

function digestOf(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
