import { Test, type TestingModule } from '@nestjs/testing';
import { ConfigModule, LORE_CONFIG, loadConfig } from '@lore/config';
import { CodeHealthModule } from '@lore/code-health';
import { DocumentationModule } from '@lore/documentation';
import { KnowledgeModule } from '@lore/knowledge';

/** The knowledge and engine services, initialised, with the test environment's configuration and `env` over it. */
export async function knowledgeWith(env: Record<string, string>): Promise<TestingModule> {
  const moduleRef = await Test.createTestingModule({ imports: [ConfigModule, KnowledgeModule, CodeHealthModule, DocumentationModule] })
    .overrideProvider(LORE_CONFIG)
    .useValue(loadConfig({ ...process.env, ...env }))
    .compile();
  await moduleRef.init();
  return moduleRef;
}
