import { Module } from '@nestjs/common';
import { AccessModule } from '@lore/access';
import { KnowledgeModule } from '@lore/knowledge';
import { McpHttpController } from './mcp-http.controller';
import { McpServerModule } from './mcp-server.module';
import { ProtectedResourceController } from './protected-resource.controller';

/** MCP over Streamable HTTP at /mcp, an OAuth 2.1 resource server (its metadata at /.well-known/oauth-protected-resource/mcp). */
@Module({ imports: [McpServerModule, AccessModule, KnowledgeModule], controllers: [McpHttpController, ProtectedResourceController] })
export class McpModule {}
