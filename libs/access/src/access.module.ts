import { Module } from '@nestjs/common';
import { CallContextMiddleware } from './call-context.middleware';
import { HostValidationMiddleware } from './host-validation.middleware';
import { PrincipalResolver } from './principals';
import { Redactor } from './redaction';

@Module({
  providers: [CallContextMiddleware, PrincipalResolver, HostValidationMiddleware, Redactor],
  exports: [CallContextMiddleware, PrincipalResolver, HostValidationMiddleware, Redactor],
})
export class AccessModule {}
