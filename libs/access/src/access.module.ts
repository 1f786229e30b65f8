import { Module } from '@nestjs/common';
import { CallContextMiddleware } from './call-context.middleware';
import { HostValidationMiddleware } from './host-validation.middleware';
import { JwtVerifier } from './jwt-verifier';
import { PrincipalResolver } from './principals';
import { Redactor } from './redaction';

@Module({
  providers: [CallContextMiddleware, PrincipalResolver, HostValidationMiddleware, Redactor, JwtVerifier],
  exports: [CallContextMiddleware, PrincipalResolver, HostValidationMiddleware, Redactor, JwtVerifier],
})
export class AccessModule {}
