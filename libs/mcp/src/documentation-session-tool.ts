import type { ToolAnnotations } from '@modelcontextprotocol/server';
import type { Principal } from '@lore/domain';
import type { DocumentationSessionsService } from '@lore/documentation/documentation-sessions/documentation-sessions.service';
import type { ToolCallContext } from './mcp-tool';

/** The documentation session tools change the caller's session (never the graph, never the code): not read-only, not destructive. */
export const SESSION_STEP: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };

/**
 * Sends the CodeDoc server's analyze_file_request notification {session_id, request_id, file_path,
 * prompt} for each request an answer made, on the call's stream (stdio, or an HTTP call answered as
 * a stream). A client that does not receive notifications finds the same requests, with their prompts,
 * in get_documentation_status.
 */
export async function requestAnalyses(
  sessions: DocumentationSessionsService,
  principal: Principal,
  context: ToolCallContext,
  answer: { session_id: string; requests: { request_id: string }[] },
): Promise<void> {
  if (answer.requests.length === 0) return;
  const pending = await sessions.pendingRequests(
    principal,
    answer.session_id,
    answer.requests.map((request) => request.request_id),
  );
  for (const request of pending) {
    await context.notify('analyze_file_request', {
      session_id: answer.session_id,
      request_id: request.request_id,
      file_path: request.file_path,
      prompt: request.prompt,
    });
  }
}
