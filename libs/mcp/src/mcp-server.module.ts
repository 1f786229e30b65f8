import { Module } from '@nestjs/common';
import { discoverClasses } from '@lore/config';
import { CodeHealthModule } from '@lore/code-health';
import { DocumentationModule } from '@lore/documentation';
import { KnowledgeModule } from '@lore/knowledge';
import { LoreMcpServerFactory, MCP_PROMPTS, MCP_RESOURCES, MCP_TOOLS } from './lore-mcp-server.factory';
import type { LoreMcpPrompt } from './mcp-prompt';
import { type LoreMcpResourceFamily, type LoreMcpResourceTemplate, type LoreMcpTool, resourceTemplatesOf } from './mcp-tool';
import { ResourceCatalog } from './resource-catalog';

/** Every `tools/*.tool.ts`, `resources/*.resource.ts` and `prompts/*.prompt.ts` (see discoverClasses). */
const TOOLS = discoverClasses<LoreMcpTool>(`${__dirname}/tools`, '.tool');
const RESOURCES = discoverClasses<LoreMcpResourceTemplate | LoreMcpResourceFamily>(`${__dirname}/resources`, '.resource');
const PROMPTS = discoverClasses<LoreMcpPrompt>(`${__dirname}/prompts`, '.prompt');

/** Lore's MCP server, without a transport: the HTTP door and `lore mcp` (stdio) both build theirs here. */
@Module({
  imports: [KnowledgeModule, CodeHealthModule, DocumentationModule],
  providers: [
    ...TOOLS,
    ...RESOURCES,
    ...PROMPTS,
    { provide: MCP_TOOLS, useFactory: (...tools: LoreMcpTool[]) => tools, inject: TOOLS },
    {
      provide: MCP_RESOURCES,
      useFactory: (...resources: (LoreMcpResourceTemplate | LoreMcpResourceFamily)[]) => resourceTemplatesOf(resources),
      inject: RESOURCES,
    },
    { provide: MCP_PROMPTS, useFactory: (...prompts: LoreMcpPrompt[]) => prompts, inject: PROMPTS },
    ResourceCatalog,
    LoreMcpServerFactory,
  ],
  exports: [LoreMcpServerFactory],
})
export class McpServerModule {}
