import 'reflect-metadata';
import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigModule, StderrLogger, loadConfig } from '@lore/config';
import { KnowledgeModule } from '@lore/knowledge';

@Module({ imports: [ConfigModule, KnowledgeModule] })
class CliModule {}

/** The services, without HTTP: the CLI and MCP over stdio call them directly. */
export async function openServices(): Promise<INestApplicationContext> {
  const config = loadConfig();
  return NestFactory.createApplicationContext(CliModule, {
    logger: new StderrLogger(config.LORE_LOG_LEVEL === 'debug' ? 'debug' : 'warn'),
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
