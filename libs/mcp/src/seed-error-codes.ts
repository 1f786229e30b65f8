import type { McpServer } from '@modelcontextprotocol/server';

type RequestId = string | number;
type Transport = Parameters<McpServer['connect']>[0];

/**
 * The MCP SDK sends a thrown -32002 as -32602: -32002 was MCP's "resource not found", which the
 * 2026-07-28 revision replaced by -32602, and the SDK rewrites it in every protocol era. The Knowledge MCP server's
 * knowledge server answers -32002 for "knowledge file not found", and a client written against it
 * tells -32002 from -32602. So for those answers only, remembered by request id when they are
 * thrown, the seed's code is put back as the response leaves through the transport.
 */
export class SeedErrorCodes {
  private static readonly REWRITTEN_BY_THE_SDK = -32002;
  private readonly codes = new Map<RequestId, number>();

  remember(requestId: RequestId, code: number): void {
    if (code === SeedErrorCodes.REWRITTEN_BY_THE_SDK) this.codes.set(requestId, code);
  }

  /** Wraps the send of every transport the server is connected to. */
  restoreOn(server: McpServer): void {
    const connect = server.connect.bind(server);
    server.connect = (transport: Transport) => {
      const send = transport.send.bind(transport);
      transport.send = (message, options) => {
        const id = (message as { id?: RequestId }).id;
        if ('error' in message && id !== undefined && this.codes.has(id)) {
          const code = this.codes.get(id)!;
          this.codes.delete(id);
          return send({ ...message, error: { ...message.error, code } }, options);
        }
        return send(message, options);
      };
      return connect(transport);
    };
  }
}
