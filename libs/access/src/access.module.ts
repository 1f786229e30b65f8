import { Module } from '@nestjs/common';
import { CallContextMiddleware } from './call-context.middleware';
import { HostValidationMiddleware } from './host-validation.middleware';
import { JwtVerifier } from './jwt-verifier';
import { PrincipalResolver } from './principals';
import { Redactor } from './redaction';
import { RefusedRequests } from './refused-requests';

@Module({
  providers: [CallContextMiddleware, PrincipalResolver, HostValidationMiddleware, Redactor, JwtVerifier, RefusedRequests],
  exports: [CallContextMiddleware, PrincipalResolver, HostValidationMiddleware, Redactor, JwtVerifier, RefusedRequests],
})
export class AccessModule {}
