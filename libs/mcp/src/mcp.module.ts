import { Module } from '@nestjs/common';
import { AccessModule } from '@lore/access';
import { KnowledgeModule } from '@lore/knowledge';
import { McpHttpController } from './mcp-http.controller';
import { McpServerModule } from './mcp-server.module';

/** MCP over Streamable HTTP at /mcp. */
@Module({ imports: [McpServerModule, AccessModule, KnowledgeModule], controllers: [McpHttpController] })
export class McpModule {}
