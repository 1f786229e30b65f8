import { ConfigError, loadConfig } from '@lore/config';
import { createServer } from './server';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createServer(config);
  await app.listen(config.LORE_PORT, config.LORE_HOST);
  process.stderr.write(
    `Lore listening on http://${config.LORE_HOST}:${config.LORE_PORT} (REST /api/v1, OpenAPI /api/docs, GraphQL /graphql, MCP /mcp)\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
