import { Module } from '@nestjs/common';
import { PrincipalMiddleware } from './principal.middleware';
import { PrincipalResolver } from './principals';

@Module({ providers: [PrincipalResolver, PrincipalMiddleware], exports: [PrincipalResolver, PrincipalMiddleware] })
export class AccessModule {}
