import 'reflect-metadata';
import { type DynamicModule, Module, type INestApplicationContext, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigModule, StderrLogger, loadConfig } from '@lore/config';
import { CodeHealthModule } from '@lore/code-health';
import { DocumentationModule } from '@lore/documentation';
import { KnowledgeModule } from '@lore/knowledge';

@Module({})
class CliModule {}

/** The services, without HTTP: the CLI and MCP over stdio call them directly. `features` adds modules (MCP's server, say). */
export async function openServices(...features: Type[]): Promise<INestApplicationContext> {
  const config = loadConfig();
  const root: DynamicModule = {
    module: CliModule,
    imports: [ConfigModule, KnowledgeModule, CodeHealthModule, DocumentationModule, ...features],
  };
  return NestFactory.createApplicationContext(root, {
    logger: new StderrLogger(config.LORE_LOG_LEVEL === 'debug' ? 'debug' : 'warn', config.LORE_LOG_FORMAT),
  });
}

export async function withServices<T>(work: (context: INestApplicationContext) => Promise<T>): Promise<T> {
  const context = await openServices();
  try {
    return await work(context);
  } finally {
    await context.close();
  }
}
