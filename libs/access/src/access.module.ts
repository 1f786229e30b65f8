import { Module } from '@nestjs/common';
import { PrincipalResolver } from './principals';

@Module({ providers: [PrincipalResolver], exports: [PrincipalResolver] })
export class AccessModule {}
