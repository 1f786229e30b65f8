import { Module } from '@nestjs/common';
import { CallContextMiddleware } from './call-context.middleware';
import { HostValidationMiddleware } from './host-validation.middleware';
import { PrincipalMiddleware } from './principal.middleware';
import { PrincipalResolver } from './principals';
import { Redactor } from './redaction';
import { RefusedRequests } from './refused-requests';

@Module({
  providers: [CallContextMiddleware, PrincipalResolver, PrincipalMiddleware, HostValidationMiddleware, Redactor, RefusedRequests],
  exports: [CallContextMiddleware, PrincipalResolver, PrincipalMiddleware, HostValidationMiddleware, Redactor, RefusedRequests],
})
export class AccessModule {}
