import { Module, type OnModuleInit, type Type } from '@nestjs/common';
import { AccessModule } from '@lore/access';
import { discoverClasses } from '@lore/config';
import { GraphModule } from '@lore/graph';
import { KnowledgeModule } from '@lore/knowledge';
import { OperationGate } from '@lore/knowledge/operations/operation-gate';

/** Every `*.service.ts` below this folder: code health's runs and their review (see discoverClasses). */
const SERVICES = discoverClasses<object>(__dirname, '.service') as Type[];

/** The code-health engine: analysis runs, findings and their review, behind knowledge's one operation gate. */
@Module({
  imports: [GraphModule, AccessModule, KnowledgeModule],
  providers: SERVICES,
  exports: SERVICES,
})
export class CodeHealthModule implements OnModuleInit {
  constructor(private readonly operations: OperationGate) {}

  onModuleInit(): void {
    this.operations.gate(SERVICES);
  }
}
