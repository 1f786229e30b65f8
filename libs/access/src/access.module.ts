import { Module } from '@nestjs/common';
import { HostValidationMiddleware } from './host-validation.middleware';
import { PrincipalMiddleware } from './principal.middleware';
import { PrincipalResolver } from './principals';
import { Redactor } from './redaction';

@Module({
  providers: [PrincipalResolver, PrincipalMiddleware, HostValidationMiddleware, Redactor],
  exports: [PrincipalResolver, PrincipalMiddleware, HostValidationMiddleware, Redactor],
})
export class AccessModule {}
