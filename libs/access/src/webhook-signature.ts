import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Whether a push webhook comes from the forge that holds the shared secret (LORE_WEBHOOK_SECRET):
 * GitHub signs the raw body with HMAC-SHA256 (`X-Hub-Signature-256: sha256=<hex>`), GitLab sends the
 * secret itself (`X-Gitlab-Token`). Compared in constant time; no secret, no header: false.
 */
export function verifyWebhook(
  secret: string | undefined,
  rawBody: Buffer,
  headers: { githubSignature?: string; gitlabToken?: string },
): 'github' | 'gitlab' | null {
  if (!secret) return null;
  if (headers.githubSignature !== undefined) {
    const expected = `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
    return sameText(headers.githubSignature, expected) ? 'github' : null;
  }
  if (headers.gitlabToken !== undefined) return sameText(headers.gitlabToken, secret) ? 'gitlab' : null;
  return null;
}

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
