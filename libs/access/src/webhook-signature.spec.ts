import { createHmac } from 'node:crypto';
import { verifyWebhook } from './webhook-signature';

const SECRET = 'a-webhook-secret-of-some-length';
const BODY = Buffer.from('{"ref":"refs/heads/main","after":"0123456789abcdef0123456789abcdef01234567"}');
const signed = `sha256=${createHmac('sha256', SECRET).update(BODY).digest('hex')}`;

describe('verifyWebhook', () => {
  it("accepts GitHub's HMAC of the raw body and GitLab's token, and names the forge", () => {
    expect(verifyWebhook(SECRET, BODY, { githubSignature: signed })).toBe('github');
    expect(verifyWebhook(SECRET, BODY, { gitlabToken: SECRET })).toBe('gitlab');
  });

  it('refuses another body, another secret, a missing header and an unconfigured secret', () => {
    expect(verifyWebhook(SECRET, Buffer.from(`${BODY.toString()} `), { githubSignature: signed })).toBeNull();
    expect(verifyWebhook(`${SECRET}x`, BODY, { githubSignature: signed })).toBeNull();
    expect(verifyWebhook(SECRET, BODY, { gitlabToken: `${SECRET}x` })).toBeNull();
    expect(verifyWebhook(SECRET, BODY, {})).toBeNull();
    expect(verifyWebhook(undefined, BODY, { githubSignature: signed })).toBeNull();
  });
});
