import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AccessModule } from '@lore/access';
import { discoverClasses } from '@lore/config';
import { CodeHealthModule } from '@lore/code-health';
import { DocumentationModule } from '@lore/documentation';
import { KnowledgeModule } from '@lore/knowledge';
import { ProblemDetailsFilter } from './problem-details.filter';

/** Every `*.controller.ts` below this folder: one per capability (see discoverClasses). */
const CONTROLLERS = discoverClasses(__dirname, '.controller');

@Module({
  imports: [KnowledgeModule, CodeHealthModule, DocumentationModule, AccessModule],
  controllers: CONTROLLERS,
  providers: [{ provide: APP_FILTER, useClass: ProblemDetailsFilter }],
})
export class RestModule {}
