import 'reflect-metadata';
import type { IncomingMessage } from 'node:http';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { StderrLogger, loadConfig, type LoreConfig } from '@lore/config';
import { JsonTooDeepError, nestsDeeperThan } from '@lore/access';
import { API_KEY_SCHEME, API_KEY_SECURITY, RestModule } from '@lore/rest';
import { AppModule } from './app.module';

/** Builds the HTTP server: REST + OpenAPI, GraphQL + GraphiQL, MCP at /mcp, /health and /ready. */
export async function createServer(config: LoreConfig = loadConfig()): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule, {
    logger: new StderrLogger(config.LORE_LOG_LEVEL, config.LORE_LOG_FORMAT),
    bodyParser: false,
  });
  // JSON bodies for REST and GraphQL; /mcp's body is read as text and parsed by its door, so that malformed
  // JSON gets a JSON-RPC parse error, not a REST problem. Every door's body is held to LORE_MAX_BODY_BYTES (413).
  const isMcp = (req: IncomingMessage): boolean => req.url?.startsWith('/mcp') ?? false;
  // A body nested deeper than MAX_JSON_NESTING is refused (400) before it is parsed, as /mcp's is.
  app.useBodyParser('json', {
    limit: config.LORE_MAX_BODY_BYTES,
    type: (req: IncomingMessage) => !isMcp(req) && isJson(req),
    verify: (req: IncomingMessage & { rawBody?: Buffer }, _res: unknown, body: Buffer) => {
      if (nestsDeeperThan(body)) throw new JsonTooDeepError();
      // A push webhook's signature is over the bytes as sent.
      if (req.url?.startsWith('/api/v1/webhooks/')) req.rawBody = body;
    },
  });
  app.useBodyParser('text', { limit: config.LORE_MAX_BODY_BYTES, type: isMcp });
  app.useBodyParser('urlencoded', { extended: true, limit: config.LORE_MAX_BODY_BYTES });
  const openApi = new DocumentBuilder()
    .setTitle('Lore REST API')
    .setDescription('Code knowledge over REST. The same capabilities are served over GraphQL (/graphql), MCP (/mcp) and the lore CLI.')
    .setVersion('0.1.0')
    .addSecurity(API_KEY_SCHEME, API_KEY_SECURITY)
    .build();
  // The REST routes and /health, /ready: /mcp is a door of its own (its JSON-RPC is not a REST route).
  const documented = { include: [AppModule, RestModule] };
  // The page at /api/docs, the JSON at /api/docs-json.
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openApi, documented));
  return app;
}

function isJson(req: IncomingMessage): boolean {
  const type = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || type.endsWith('+json');
}
