import { type McpServer, ProtocolError, ProtocolErrorCode, type RegisteredPrompt } from '@modelcontextprotocol/server';
import { type LoreMcpPrompt, versionedPromptName } from './mcp-prompt';
import type { LoreMcpResourceTemplate, LoreMcpTool } from './mcp-tool';

/** The experimental capability that lists what /mcp serves by version (seed 000, 26.3 Server Capabilities). */
export const VERSIONS_CAPABILITY = 'lore/versions';
/** A prompt's version in prompts/list, in its `_meta`. */
export const PROMPT_VERSION_META = 'lore/version';

/**
 * What a server serves, by version, as seed 000 lists its capabilities: `search_code:v1`,
 * `generate_module_doc:v1`, and the resources by name (a resource URI has no version).
 */
export function versionsOf(
  tools: readonly LoreMcpTool[],
  resources: readonly LoreMcpResourceTemplate[],
  prompts: readonly LoreMcpPrompt[],
): { tools: string[]; resources: string[]; prompts: string[] } {
  return {
    tools: tools.map((tool) => `${tool.name}:v${tool.version}`),
    resources: resources.map((resource) => resource.name),
    prompts: prompts.map(versionedPromptName),
  };
}

/**
 * prompts/get by a prompt's name or its versioned name (`generate_module_doc:v1`, the version it is
 * at): a client that pinned a version gets that prompt while the version holds, and -32602 naming
 * the version served once it has changed, never another workflow under the pinned name.
 */
export function answerVersionedPromptNames(
  server: McpServer,
  prompts: readonly LoreMcpPrompt[],
  registered: ReadonlyMap<string, RegisteredPrompt>,
): void {
  const byVersionedName = new Map(prompts.map((prompt) => [versionedPromptName(prompt), prompt.name]));
  server.server.removeRequestHandler('prompts/get');
  server.server.setRequestHandler('prompts/get', (request, ctx) => {
    const asked = request.params.name;
    const prompt = registered.get(byVersionedName.get(asked) ?? asked);
    if (prompt === undefined) {
      const unversioned = asked.replace(/:v[^:]*$/, '');
      const served = prompts.find((candidate) => candidate.name === unversioned);
      const why = served === undefined ? '' : `: the version served is ${versionedPromptName(served)}`;
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Prompt ${asked} not found${why}`);
    }
    return prompt.handler(request.params.arguments, ctx);
  });
}
