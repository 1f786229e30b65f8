import { Module } from '@nestjs/common';
import { AccessModule } from '@lore/access';
import { McpHttpController } from './mcp-http.controller';
import { McpServerModule } from './mcp-server.module';

/** MCP over Streamable HTTP at /mcp. */
@Module({ imports: [McpServerModule, AccessModule], controllers: [McpHttpController] })
export class McpModule {}
