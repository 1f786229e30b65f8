import { type Principal, localPrincipal } from '@lore/domain';
import { accessFingerprint, artifactRepository, canAccessRepository, canPerformSideEffect, isToolAllowed } from './authorization';

const principal = (changes: Partial<Principal> = {}): Principal => ({ ...localPrincipal('acme', 'ana'), ...changes });

describe('canAccessRepository', () => {
  it('lets a principal read every repository of its tenant with *, and only its own list otherwise', () => {
    expect(canAccessRepository(principal({ repositories: '*' }), 'shop')).toBe(true);
    expect(canAccessRepository(principal({ repositories: ['shop', 'billing'] }), 'billing')).toBe(true);
    expect(canAccessRepository(principal({ repositories: ['shop'] }), 'billing')).toBe(false);
    expect(canAccessRepository(principal({ repositories: [] }), 'shop')).toBe(false);
  });
});

describe('artifactRepository', () => {
  it('reads the repository of a code://, symbol:// or doc:// URI, encoded or not', () => {
    expect(artifactRepository('code://shop/abc123/src/a.ts#L1-L2')).toEqual({ tenantId: null, repositoryId: 'shop' });
    expect(artifactRepository('symbol://billing/abc123/Invoice.total')).toEqual({ tenantId: null, repositoryId: 'billing' });
    expect(artifactRepository('doc://%62illing/abc123/README.md')).toEqual({ tenantId: null, repositoryId: 'billing' });
  });

  it('reads the tenant and repository of a uid', () => {
    expect(artifactRepository('acme:shop:src/a.ts#Order.total')).toEqual({ tenantId: 'acme', repositoryId: 'shop' });
    expect(artifactRepository('other:shop:src/a.ts#Order.total')).toEqual({ tenantId: 'other', repositoryId: 'shop' });
    expect(artifactRepository('acme:shop')).toEqual({ tenantId: 'acme', repositoryId: 'shop' });
  });

  it('names none for what is neither a URI nor a uid, and for a URI that traverses out of its repository', () => {
    expect(artifactRepository('not a uid')).toBeNull();
    expect(artifactRepository('code://shop/abc123/../../etc/passwd')).toBeNull();
    expect(artifactRepository('code://shop/abc123/src/%2e%2e/%2e%2e/etc/passwd')).toBeNull();
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
