import { Module } from '@nestjs/common';
import { PrincipalMiddleware } from './principal.middleware';
import { PrincipalResolver } from './principals';
import { Redactor } from './redaction';

@Module({ providers: [PrincipalResolver, PrincipalMiddleware, Redactor], exports: [PrincipalResolver, PrincipalMiddleware, Redactor] })
export class AccessModule {}
