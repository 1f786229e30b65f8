import { createHash } from 'node:crypto';
import { type Permission, type Principal, RESOURCE_SCHEMES, parseResourceUri, parseUid, visibleRepositoryIds } from '@lore/domain';
import { isToolProfile, profileHolds } from './tool-profiles';

// Authorization in one place (docs/specification.md, Authorization): every door and the operation gate decide with
// these pure functions, from the Principal the transport gave, never from tool arguments.

/** Whether the principal's credential lets it call `tool`: a credential without a tool profile may call any tool. */
export function isToolAllowed(principal: Principal, tool: string): boolean {
  if (principal.toolProfile === null) return true;
  // An unknown profile on a credential holds nothing: fail closed.
  return isToolProfile(principal.toolProfile) && profileHolds(principal.toolProfile, tool);
}

/** Whether the principal may read the repository. A repository it may not read is answered as not found. */
export function canAccessRepository(principal: Principal, repositoryId: string): boolean {
  const visible = visibleRepositoryIds(principal);
  return visible === null || visible.includes(repositoryId);
}

/** The tenant (null when the artifact names none) and repository an artifact reference names; null when it is not one. */
export function artifactRepository(artifact: string): { tenantId: string | null; repositoryId: string } | null {
  try {
    if (RESOURCE_SCHEMES.some((scheme) => artifact.startsWith(`${scheme}://`))) {
      return { tenantId: null, repositoryId: parseResourceUri(artifact).repositoryId };
    }
    const { tenantId, repositoryId } = parseUid(artifact);
    return { tenantId, repositoryId };
  } catch {
    return null;
  }
}

/** The permission each side effect needs. An action not listed here is refused to everyone. */
export const SIDE_EFFECT_PERMISSIONS: Readonly<Record<string, Permission>> = {
  index_repository: 'index',
  enqueue_index: 'index',
  receive_push: 'index',
  update_project_main: 'knowledge:write',
  create_knowledge_file: 'knowledge:write',
  update_chapter: 'knowledge:write',
  delete_knowledge_file: 'knowledge:write',
  restore_knowledge_file: 'knowledge:write',
  import_project_knowledge: 'knowledge:write',
  create_memory_candidate: 'knowledge:write',
  approve_memory: 'memory:approve',
  archive_memory: 'memory:approve',
  publish_document: 'docs:publish',
  archive_document: 'docs:publish',
  create_pull_request: 'docs:publish',
};

/** Whether the principal may perform a side effect (an operation that changes the index, or the server's state). */
export function canPerformSideEffect(principal: Principal, action: string): boolean {
  const needed = Object.hasOwn(SIDE_EFFECT_PERMISSIONS, action) ? SIDE_EFFECT_PERMISSIONS[action] : undefined;
  return needed !== undefined && principal.permissions.includes(needed);
}

/**
 * A short digest of who a principal is and what it may read (tenant, subject, repositories): handles
 * that carry state across calls (continuations, cursors) hold it, so that another principal, or the
 * same one after its access changed, cannot use them.
 */
export function accessFingerprint(principal: Principal): string {
  const repositories = visibleRepositoryIds(principal);
  const access = repositories === null ? '*' : [...repositories].sort().join(',');
  return createHash('sha256').update([principal.tenantId, principal.subject, access].join('\u0000')).digest('base64url').slice(0, 16);
}
