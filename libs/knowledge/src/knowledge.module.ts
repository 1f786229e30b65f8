import { Module, type Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { AccessModule, HttpAuthenticator } from '@lore/access';
import { discoverClasses } from '@lore/config';
import { GraphModule } from '@lore/graph';
import { SourceRepository } from '@lore/indexer';
import { ObservabilityModule } from '@lore/observability';
import { AuthenticationService } from './credentials/authentication.service';
import { AuditWriter } from './audit/audit-writer';
import { INFRASTRUCTURE_PROVIDERS } from './infrastructure.providers';
import { IndexWorker } from './index-jobs/index-worker';
import { CONFIGURED_LANGUAGE_MODEL, LANGUAGE_MODEL_PROVIDERS } from './language-models/language-model.providers';
import type { OperationStage } from './operations/operation';
import { LimitsStage } from './operations/stages/limits.stage';
import { OperationGate } from './operations/operation-gate';
import { SemanticIndex } from './search/semantic-index';

/** Every `*.service.ts` below this folder: one per capability (see discoverClasses). */
const SERVICES = discoverClasses<object>(__dirname, '.service') as Type[];

/** Every `operations/stages/*.stage.ts`: what the gate applies to each operation, in their `position` order. */
const STAGES = discoverClasses<OperationStage>(`${__dirname}/operations/stages`, '.stage') as Type<OperationStage>[];

/** Every capability of Lore, once. Doors import this module and call these services, through the gate. */
@Module({
  imports: [GraphModule, AccessModule, ObservabilityModule],
  providers: [
    ...INFRASTRUCTURE_PROVIDERS,
    ...LANGUAGE_MODEL_PROVIDERS,
    SemanticIndex,
    AuditWriter,
    IndexWorker,
    ...SERVICES,
    ...STAGES,
    { provide: HttpAuthenticator, useExisting: AuthenticationService },
    { provide: OperationGate, inject: [ModuleRef], useFactory: (modules: ModuleRef) => new OperationGate(modules, SERVICES, STAGES) },
  ],
  // The limits stage for the GraphQL door, which charges a query's cost to the same budgets; the index worker for `lore worker`;
  // the gate, the indexed repositories' files and the language model for the engine libraries' modules (code health, documentation).
  exports: [
    ...SERVICES,
    HttpAuthenticator,
    AccessModule,
    LimitsStage,
    IndexWorker,
    OperationGate,
    SourceRepository,
    CONFIGURED_LANGUAGE_MODEL,
  ],
})
export class KnowledgeModule {}
