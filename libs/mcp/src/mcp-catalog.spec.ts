import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderMcpCatalog } from './mcp-catalog';

const PAGE = join(__dirname, '..', '..', '..', 'docs', 'mcp.md');

describe('docs/mcp.md', () => {
  it('is the catalog the code registers (`npm run docs:mcp` writes it again)', () => {
    if (process.env.LORE_WRITE_DOCS === '1') writeFileSync(PAGE, renderMcpCatalog());
    expect(readFileSync(PAGE, 'utf8')).toBe(renderMcpCatalog());
  });
});
