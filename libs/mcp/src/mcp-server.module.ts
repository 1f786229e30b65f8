import { Module } from '@nestjs/common';
import { discoverClasses } from '@lore/config';
import { KnowledgeModule } from '@lore/knowledge';
import { LoreMcpServerFactory, MCP_RESOURCES, MCP_TOOLS } from './lore-mcp-server.factory';
import type { LoreMcpResourceTemplate, LoreMcpTool } from './mcp-tool';

/** Every `tools/*.tool.ts` and `resources/*.resource.ts` (see discoverClasses). */
const TOOLS = discoverClasses<LoreMcpTool>(`${__dirname}/tools`, '.tool');
const RESOURCES = discoverClasses<LoreMcpResourceTemplate>(`${__dirname}/resources`, '.resource');

/** Lore's MCP server, without a transport: the HTTP door and `lore mcp` (stdio) both build theirs here. */
@Module({
  imports: [KnowledgeModule],
  providers: [
    ...TOOLS,
    ...RESOURCES,
    { provide: MCP_TOOLS, useFactory: (...tools: LoreMcpTool[]) => tools, inject: TOOLS },
    { provide: MCP_RESOURCES, useFactory: (...resources: LoreMcpResourceTemplate[]) => resources, inject: RESOURCES },
    LoreMcpServerFactory,
  ],
  exports: [LoreMcpServerFactory],
})
export class McpServerModule {}
