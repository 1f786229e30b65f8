import { Module, type OnModuleInit, type Type } from '@nestjs/common';
import { AccessModule } from '@lore/access';
import { discoverClasses } from '@lore/config';
import { GraphModule } from '@lore/graph';
import { KnowledgeModule } from '@lore/knowledge';
import { OperationGate } from '@lore/knowledge/operations/operation-gate';

/** Every `*.service.ts` below this folder: documentation trust, sessions and generation (see discoverClasses). */
const SERVICES = discoverClasses<object>(__dirname, '.service') as Type[];

/** The documentation engine: trust (claims, staleness, quality), the CodeDoc sessions and document generation, behind knowledge's one operation gate. */
@Module({
  imports: [GraphModule, AccessModule, KnowledgeModule],
  providers: SERVICES,
  exports: SERVICES,
})
export class DocumentationModule implements OnModuleInit {
  constructor(private readonly operations: OperationGate) {}

  onModuleInit(): void {
    this.operations.gate(SERVICES);
  }
}
