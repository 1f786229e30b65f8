import { Module } from '@nestjs/common';
import { KnowledgeModule } from '@lore/knowledge';
import { McpHttpController } from './mcp-http.controller';

@Module({ imports: [KnowledgeModule], controllers: [McpHttpController] })
export class McpModule {}
