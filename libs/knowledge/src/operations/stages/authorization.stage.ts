import { Injectable } from '@nestjs/common';
import { SIDE_EFFECT_PERMISSIONS, artifactRepository, canAccessRepository, canPerformSideEffect, isToolAllowed } from '@lore/access';
import { NotFoundError, PermissionDeniedError, type Principal, aliasesOf } from '@lore/domain';
import { CodeGraphRepository } from '@lore/graph';
import type { OperationCall, OperationStage } from '../operation';
import { findSymbolsHint } from '../../hints';

/**
 * Authorization in one place for every door (docs/specification.md, Authorization), before anything is read or
 * written: the credential's tool profile holds the operation, the principal holds the permission of
 * its kind, and every repository, uid and resource URI its input names is one the principal may read.
 * A repository it may not read answers exactly as one that is not indexed: the same not_found.
 */
@Injectable()
export class AuthorizationStage implements OperationStage {
  readonly position = 30;

  constructor(private readonly graph: CodeGraphRepository) {}

  async handle(call: OperationCall, next: () => Promise<unknown>): Promise<unknown> {
    const { principal, operation } = call;
    if (call.kind !== 'admin' && !isToolAllowed(principal, operation)) {
      throw new PermissionDeniedError(`${operation} is not in the ${principal.toolProfile} tool profile of this credential.`, {
        hint: 'Use a tool of that profile, or a credential with another profile.',
      });
    }
    const allowed = call.kind === 'side_effect' ? canPerformSideEffect(principal, operation) : principal.permissions.includes(call.kind);
    if (!allowed) {
      const needed = call.kind === 'side_effect' ? (SIDE_EFFECT_PERMISSIONS[operation] ?? 'index') : call.kind;
      throw new PermissionDeniedError(`${operation} needs the ${needed} permission, which this credential does not hold.`, {
        hint: 'Ask an admin for a key with that permission (lore keys create --permissions ...).',
      });
    }
    if (call.kind === 'read') await this.refuseUnreadable(principal, namedArtifacts(call.args));
    return next();
  }

  /**
   * Checked against the indexed repositories the principal may read, so that a hidden repository and
   * one that does not exist give the same answer (asking only canAccessRepository would answer a
   * hidden one here and an absent one in the service, in other words).
   */
  private async refuseUnreadable(principal: Principal, named: NamedArtifacts): Promise<void> {
    if (named.repositoryIds.length + named.references.length === 0) return;
    const readable = new Set((await this.graph.listRepositories(principal)).map((repository) => repository.repositoryId));
    const reads = (repositoryId: string) => canAccessRepository(principal, repositoryId) && readable.has(repositoryId);
    for (const repositoryId of named.repositoryIds) if (!reads(repositoryId)) throw repositoryNotFound(repositoryId);
    for (const reference of named.references) {
      const repository = artifactRepository(reference);
      // What does not parse is the service's to refuse as invalid_input.
      if (repository === null) continue;
      const ownTenant = repository.tenantId === null || repository.tenantId === principal.tenantId;
      if (!ownTenant || !reads(repository.repositoryId)) {
        throw repository.tenantId === null ? repositoryNotFound(repository.repositoryId) : uidNotFound(reference);
      }
    }
  }
}

/** The not_found of a repository that is not indexed or that the principal may not read: one answer for both. */
export function repositoryNotFound(repositoryId: string): NotFoundError {
  return new NotFoundError(`No indexed repository ${repositoryId}.`, { hint: 'Index it first with lore index.' });
}

function uidNotFound(uid: string): NotFoundError {
  return new NotFoundError(`No symbol with uid ${uid}.`, { hint: findSymbolsHint() });
}

interface NamedArtifacts {
  repositoryIds: string[];
  /** uids and resource URIs. */
  references: string[];
}

/** The fields of an input that name a repository (or another name of it: repo) or an artifact, wherever they are nested (scope.repositoryId, targets[].uid). */
const REPOSITORY_FIELDS = new Set(['repositoryId', ...aliasesOf('repositoryId')]);
const REFERENCE_FIELDS = new Set(['uid', 'uids', 'uri', 'centerUid']);
const MAX_DEPTH = 4;
const MAX_NAME_LENGTH = 4000;

function namedArtifacts(args: readonly unknown[]): NamedArtifacts {
  const named: NamedArtifacts = { repositoryIds: [], references: [] };
  const visit = (value: unknown, field: string | null, depth: number): void => {
    if (depth > MAX_DEPTH || value === null || value === undefined) return;
    if (typeof value === 'string') {
      // A value no schema would take is left to the service, which answers invalid_input.
      if (value === '' || value.length > MAX_NAME_LENGTH) return;
      if (field !== null && REPOSITORY_FIELDS.has(field)) named.repositoryIds.push(value);
      else if (field !== null && REFERENCE_FIELDS.has(field)) named.references.push(value);
      return;
    }
    if (Array.isArray(value)) for (const item of value) visit(item, field, depth + 1);
    else if (typeof value === 'object') for (const [key, item] of Object.entries(value)) visit(item, key, depth + 1);
  };
  for (const arg of args) visit(arg, null, 0);
  return named;
}
