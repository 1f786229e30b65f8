export * from './lore-mcp-server.factory';
export * from './mcp-server.module';
export * from './mcp.module';
export * from './tool-profiles';
export { SEED_SERVER_NAMES, type SeedServerName } from './seed-servers';
