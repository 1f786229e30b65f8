/**
 * uids of the graph's nodes: readable and deterministic, formed and read here only.
 *
 *   repository  {tenant}:{repo}
 *   file        {tenant}:{repo}:{path}
 *   symbol      {tenant}:{repo}:{path}#{qualifiedName}   (a section: {qualifiedName} is L{line})
 *
 * A `~n` suffix separates same-named declarations that are not overloads; it is part of the qualified
 * name as a uid reads. Tenant ids (lower-case, digits, dash) and repository ids (letters, digits, dot,
 * dash, underscore) never hold ':', so the first two ':' end them, and a path may hold ':'.
 */
import { InvalidInputError } from './errors';

export function repositoryUid(tenantId: string, repositoryId: string): string {
  return `${tenantId}:${repositoryId}`;
}

export function fileUid(tenantId: string, repositoryId: string, path: string): string {
  return `${repositoryUid(tenantId, repositoryId)}:${path}`;
}

export function symbolUid(tenantId: string, repositoryId: string, path: string, qualifiedName: string): string {
  return `${fileUid(tenantId, repositoryId, path)}#${qualifiedName}`;
}

/** What a uid names: a repository (no path), a file (no qualified name) or a symbol or section. */
export interface UidParts {
  tenantId: string;
  repositoryId: string;
  path?: string;
  qualifiedName?: string;
}

/** A tenant id, a repository id and a path: how every file, symbol and section uid starts. */
const ELEMENT_UID = /^[a-z0-9][a-z0-9-]{0,62}:[A-Za-z0-9][A-Za-z0-9._-]{0,199}:[^:\s]/;

/**
 * Whether a text given as a name or a path is a file's, symbol's or section's uid (pasted from an
 * answer): no symbol name holds `tenant:repository:`, and a repository path does not start that way.
 */
export function isElementUid(text: string): boolean {
  return ELEMENT_UID.test(text);
}

/**
 * The parts of a uid. The path ends at its first '#': a qualified name may hold '#' (`Counter.#count`,
 * a test's title), and a path holding one is read short, since nothing in the uid says where it ends.
 */
export function parseUid(uid: string): UidParts {
  const [tenantId = '', repositoryId = ''] = uid.split(':', 2);
  if (tenantId === '' || repositoryId === '') {
    throw new InvalidInputError('Not a uid: expected {tenant}:{repo}[:{path}[#{qualifiedName}]].');
  }
  const pathStart = tenantId.length + repositoryId.length + 2;
  if (pathStart > uid.length) return { tenantId, repositoryId };
  const rest = uid.slice(pathStart);
  const hash = rest.indexOf('#');
  if (hash < 0) return { tenantId, repositoryId, path: rest };
  return { tenantId, repositoryId, path: rest.slice(0, hash), qualifiedName: rest.slice(hash + 1) };
}

/**
 * Where a repository's elements are stored: its id (the first slot), or its id with this suffix (the
 * second). A re-index too large for one transaction writes the slot that is not served, in bounded
 * transactions, and one small transaction makes it the served one (see SnapshotWriter). Element
 * nodes carry the slot's id as `repoId`; their uids are the repository's, in either slot.
 */
const SECOND_SLOT_SUFFIX = '~2';

/** The repository a storage slot belongs to: the id readers know. '~' is not allowed in a repository id. */
export function repositoryOfSlot(storageId: string): string {
  return storageId.endsWith(SECOND_SLOT_SUFFIX) ? storageId.slice(0, -SECOND_SLOT_SUFFIX.length) : storageId;
}

/** The repository's two storage slots, the first first. */
export function storageSlots(repositoryId: string): [string, string] {
  return [repositoryId, `${repositoryId}${SECOND_SLOT_SUFFIX}`];
}
