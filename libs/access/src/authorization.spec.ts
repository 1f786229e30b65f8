import { type Principal, localPrincipal } from '@lore/domain';
import { accessFingerprint, canAccessArtifact, canAccessRepository, canPerformSideEffect, isToolAllowed } from './authorization';

const principal = (changes: Partial<Principal> = {}): Principal => ({ ...localPrincipal('acme', 'ana'), ...changes });

describe('canAccessRepository', () => {
  it('lets a principal read every repository of its tenant with *, and only its own list otherwise', () => {
    expect(canAccessRepository(principal({ repositories: '*' }), 'shop')).toBe(true);
    expect(canAccessRepository(principal({ repositories: ['shop', 'billing'] }), 'billing')).toBe(true);
    expect(canAccessRepository(principal({ repositories: ['shop'] }), 'billing')).toBe(false);
    expect(canAccessRepository(principal({ repositories: [] }), 'shop')).toBe(false);
  });
});

describe('canAccessArtifact', () => {
  const shopOnly = principal({ repositories: ['shop'] });

  it('reads the repository of a code://, symbol:// or doc:// URI, encoded or not', () => {
    expect(canAccessArtifact(shopOnly, 'code://shop/abc123/src/a.ts#L1-L2')).toBe(true);
    expect(canAccessArtifact(shopOnly, 'code://billing/abc123/src/a.ts')).toBe(false);
    expect(canAccessArtifact(shopOnly, 'symbol://billing/abc123/Invoice.total')).toBe(false);
    expect(canAccessArtifact(shopOnly, 'doc://%62illing/abc123/README.md')).toBe(false);
    expect(canAccessArtifact(shopOnly, 'doc://shop/abc123/README.md')).toBe(true);
  });

  it('reads the tenant and repository of a uid: another tenant is never accessible', () => {
    expect(canAccessArtifact(shopOnly, 'acme:shop:src/a.ts#Order.total')).toBe(true);
    expect(canAccessArtifact(shopOnly, 'acme:billing:src/a.ts#Invoice')).toBe(false);
    expect(canAccessArtifact(principal(), 'other:shop:src/a.ts#Order.total')).toBe(false);
    expect(canAccessArtifact(principal(), 'acme:shop')).toBe(true);
  });

  it('refuses what is neither a URI nor a uid, and a URI that traverses out of its repository', () => {
    expect(canAccessArtifact(principal(), 'not a uid')).toBe(false);
    expect(canAccessArtifact(principal(), 'code://shop/abc123/../../etc/passwd')).toBe(false);
    expect(canAccessArtifact(principal(), 'code://shop/abc123/src/%2e%2e/%2e%2e/etc/passwd')).toBe(false);
  });
});

describe('isToolAllowed', () => {
  it("allows every tool without a profile, and only the profile's tools (and help) with one", () => {
    expect(isToolAllowed(principal(), 'index_repository')).toBe(true);
    expect(isToolAllowed(principal({ toolProfile: 'read_only_explorer' }), 'search_code')).toBe(true);
    expect(isToolAllowed(principal({ toolProfile: 'read_only_explorer' }), 'help')).toBe(true);
    expect(isToolAllowed(principal({ toolProfile: 'read_only_explorer' }), 'analyze_impact')).toBe(false);
    expect(isToolAllowed(principal({ toolProfile: 'full' }), 'analyze_impact')).toBe(true);
  });

  it('allows nothing but help to a credential naming an unknown profile', () => {
    expect(isToolAllowed(principal({ toolProfile: 'admin_everything' }), 'search_code')).toBe(false);
    expect(isToolAllowed(principal({ toolProfile: 'toString' }), 'search_code')).toBe(false);
  });
});

describe('canPerformSideEffect', () => {
  it('needs the permission of the action, and refuses an action it does not know', () => {
    expect(canPerformSideEffect(principal(), 'index_repository')).toBe(true);
    expect(canPerformSideEffect(principal({ permissions: ['read'] }), 'index_repository')).toBe(false);
    expect(canPerformSideEffect(principal(), 'drop_database')).toBe(false);
    expect(canPerformSideEffect(principal(), 'constructor')).toBe(false);
  });
});

describe('accessFingerprint', () => {
  it('differs between tenants, subjects and repository lists, not with the order of the list', () => {
    const base = accessFingerprint(principal({ repositories: ['shop', 'billing'] }));
    expect(accessFingerprint(principal({ repositories: ['billing', 'shop'] }))).toBe(base);
    expect(accessFingerprint(principal({ repositories: ['shop'] }))).not.toBe(base);
    expect(accessFingerprint({ ...principal({ repositories: ['shop', 'billing'] }), subject: 'bo' })).not.toBe(base);
    expect(accessFingerprint({ ...principal({ repositories: ['shop', 'billing'] }), tenantId: 'other' })).not.toBe(base);
    expect(base).toMatch(/^[\w-]{16}$/);
  });
});
