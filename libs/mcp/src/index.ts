export * from './lore-mcp-server';
export * from './mcp-http.controller';
export * from './mcp.module';
