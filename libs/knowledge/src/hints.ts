import { currentCallContext } from '@lore/access';

/**
 * A hint names what to do next in the words of the door the call came through: a CLI user is told
 * `lore search` and `--uid`, an MCP client the search_code tool and the uid argument, a GraphQL
 * client its field names. The call context says which door that is (`internal` work reads as MCP's
 * names, the catalog's own).
 */
type DoorWords = { cli: string; mcp: string; graphql: string; rest: string };

const CAPABILITIES = {
  search_code: { cli: 'lore search', mcp: 'search_code', graphql: 'searchCode', rest: 'GET /api/v1/search' },
} satisfies Record<string, DoorWords>;

const FIELDS = {
  uid: { cli: 'the target', mcp: 'uid', graphql: 'uid', rest: 'uid' },
  repositoryId: { cli: '--repo', mcp: 'repositoryId', graphql: 'repositoryId', rest: 'repositoryId' },
  path: { cli: '--path', mcp: 'path', graphql: 'path', rest: 'path' },
} satisfies Record<string, DoorWords>;

/** How the caller's door asks a capability: `lore search`, `search_code`, `searchCode`, `GET /api/v1/search`. */
export function capabilityInDoor(capability: keyof typeof CAPABILITIES): string {
  return inDoor(CAPABILITIES[capability]);
}

/** How the caller's door names an input field: `--repo` on the command line, `repositoryId` elsewhere. */
export function fieldInDoor(field: keyof typeof FIELDS): string {
  return inDoor(FIELDS[field]);
}

/** The hint of a symbol that is not found: how to find one. */
export function findSymbolsHint(): string {
  return `Find symbols with ${capabilityInDoor('search_code')}.`;
}

function inDoor(words: DoorWords): string {
  const { door } = currentCallContext();
  if (door === 'cli') return words.cli;
  if (door === 'graphql') return words.graphql;
  if (door === 'rest') return words.rest;
  return words.mcp;
}
