import { Module } from '@nestjs/common';
import { CallContextMiddleware } from './call-context.middleware';
import { HostValidationMiddleware } from './host-validation.middleware';
import { PrincipalMiddleware } from './principal.middleware';
import { PrincipalResolver } from './principals';
import { Redactor } from './redaction';

@Module({
  providers: [CallContextMiddleware, PrincipalResolver, PrincipalMiddleware, HostValidationMiddleware, Redactor],
  exports: [CallContextMiddleware, PrincipalResolver, PrincipalMiddleware, HostValidationMiddleware, Redactor],
})
export class AccessModule {}
