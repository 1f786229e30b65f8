import { Inject, Injectable } from '@nestjs/common';
import {
  McpServer,
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  ResourceTemplate,
  type CallToolResult,
} from '@modelcontextprotocol/server';
import { LoreError, type Principal, toLoreError } from '@lore/domain';
import { type LoreMcpResourceTemplate, type LoreMcpTool, UNTRUSTED_NOTE } from './mcp-tool';
import { validatedByService } from './service-validated-schema';

export const LORE_MCP_SERVER_INFO = { name: 'lore', version: '0.1.0' };
export const MCP_TOOLS = Symbol('MCP_TOOLS');
export const MCP_RESOURCES = Symbol('MCP_RESOURCES');

const INSTRUCTIONS =
  'Lore answers questions about indexed source repositories. Find symbols with search_code, then read one with get_symbol, ' +
  'ask who calls it with get_callers, or read its code through the code:// resource URI it returns. ' +
  UNTRUSTED_NOTE;

/**
 * Builds Lore's MCP server for one caller: every discovered tool and resource template, each one
 * service call. Built per request (HTTP) or per connection (stdio), so it only closes over the
 * injected tools and the principal.
 */
@Injectable()
export class LoreMcpServerFactory {
  constructor(
    @Inject(MCP_TOOLS) private readonly tools: readonly LoreMcpTool[],
    @Inject(MCP_RESOURCES) private readonly resources: readonly LoreMcpResourceTemplate[],
  ) {}

  create(principal: Principal, onError?: (error: unknown) => void): McpServer {
    const server = new McpServer(LORE_MCP_SERVER_INFO, { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS });
    for (const tool of this.tools) {
      server.registerTool(
        tool.name,
        {
          title: tool.title,
          description: `${tool.description} ${UNTRUSTED_NOTE}`,
          inputSchema: validatedByService(tool.input),
          outputSchema: tool.output,
          annotations: tool.annotations,
        },
        (args) => toolResult(() => tool.call(args, principal), onError),
      );
    }
    for (const resource of this.resources) {
      server.registerResource(
        resource.name,
        new ResourceTemplate(resource.uriTemplate, { list: undefined }),
        { title: resource.title, description: resource.description },
        async (uri) => {
          try {
            return await resource.read(uri.href, principal);
          } catch (error) {
            throw toResourceError(uri.href, error, onError);
          }
        },
      );
    }
    return server;
  }
}

/** A tool's answer: structured content and its JSON text, or an isError result carrying Lore's error body. */
async function toolResult(call: () => Promise<object>, onError?: (error: unknown) => void): Promise<CallToolResult> {
  try {
    const result = await call();
    return { content: [{ type: 'text', text: JSON.stringify(result, null, 2) }], structuredContent: result as Record<string, unknown> };
  } catch (error) {
    if (!(error instanceof LoreError)) onError?.(error);
    const body = toLoreError(error).toBody();
    return {
      isError: true,
      content: [{ type: 'text', text: JSON.stringify({ error: body }, null, 2) }],
      structuredContent: { error: body },
    };
  }
}

function toResourceError(uri: string, error: unknown, onError?: (error: unknown) => void): ProtocolError {
  if (!(error instanceof LoreError)) onError?.(error);
  const body = toLoreError(error).toBody();
  if (body.code === 'not_found') return new ResourceNotFoundError(uri, body.message);
  const code =
    body.code === 'internal' || body.code === 'unavailable' || body.code === 'resource_exhausted'
      ? ProtocolErrorCode.InternalError
      : ProtocolErrorCode.InvalidParams;
  return new ProtocolError(code, body.message, { error: body });
}
