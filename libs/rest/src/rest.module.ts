import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { KnowledgeModule } from '@lore/knowledge';
import { CodeController } from './code.controller';
import { ProblemDetailsFilter } from './problem-details.filter';

@Module({
  imports: [KnowledgeModule],
  controllers: [CodeController],
  providers: [{ provide: APP_FILTER, useClass: ProblemDetailsFilter }],
})
export class RestModule {}
