import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { API_KEY_SCHEME, API_KEY_SECURITY, ApiLoreErrors } from './openapi-errors';

@Controller('api/v1/things')
class ThingsController {
  @Get()
  @ApiLoreErrors('invalid_input', 'not_found', 'ambiguous_target', 'snapshot_not_indexed', 'unavailable')
  list(): string[] {
    return [];
  }
}

@Module({ controllers: [ThingsController] })
class ThingsModule {}

/** The document as /api/docs-json serves it. */
interface ServedDocument {
  paths: Record<string, Record<string, { responses: Record<string, ProblemResponse>; security?: unknown }>>;
  components: { securitySchemes: Record<string, unknown> };
}
interface ProblemResponse {
  content: Record<string, { schema: { properties: { code: { enum: string[] } } } }>;
}

describe('ApiLoreErrors', () => {
  it("documents each status's problem body, codes sharing a status together, and the API key's 401 and security", async () => {
    const app = await NestFactory.create(ThingsModule, { logger: false });
    const builder = new DocumentBuilder().addSecurity(API_KEY_SCHEME, API_KEY_SECURITY);
    const document = JSON.parse(JSON.stringify(SwaggerModule.createDocument(app, builder.build()))) as ServedDocument;
    await app.close();

    const operation = document.paths['/api/v1/things']!.get!;
    const codesOf = (status: string): string[] =>
      operation.responses[status]!.content['application/problem+json']!.schema.properties.code.enum;
    expect(Object.keys(operation.responses).sort()).toEqual(['400', '401', '404', '409', '503']);
    expect(codesOf('400')).toEqual(['invalid_input']);
    expect(codesOf('401')).toEqual(['permission_denied']);
    expect(codesOf('404')).toEqual(['not_found']);
    expect(codesOf('409')).toEqual(['ambiguous_target', 'snapshot_not_indexed']);
    expect(codesOf('503')).toEqual(['unavailable']);
    expect(operation.security).toEqual([{ [API_KEY_SCHEME]: [] }]);
    expect(document.components.securitySchemes[API_KEY_SCHEME]).toEqual({
      type: 'http',
      scheme: 'bearer',
      description:
        'An API key from `lore keys create`, or a JWT from the configured issuer. A loopback server with neither takes no credential.',
    });
  });
});
