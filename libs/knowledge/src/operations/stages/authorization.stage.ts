import { Injectable } from '@nestjs/common';
import { type Permission, PermissionDeniedError } from '@lore/domain';
import type { OperationCall, OperationStage } from '../operation';

/** The permission each kind of operation needs. */
const NEEDED: Record<OperationCall['kind'], Permission> = { read: 'read', side_effect: 'index' };

/** Refuses an operation the principal holds no permission for, before anything is read or written. */
@Injectable()
export class AuthorizationStage implements OperationStage {
  readonly position = 30;

  async handle(call: OperationCall, next: () => Promise<unknown>): Promise<unknown> {
    const needed = NEEDED[call.kind];
    if (!call.principal.permissions.includes(needed)) {
      throw new PermissionDeniedError(`${call.operation} needs the ${needed} permission, which this credential does not hold.`, {
        hint: 'Ask an admin for a key with that permission (lore keys create --permissions ...).',
      });
    }
    return next();
  }
}
