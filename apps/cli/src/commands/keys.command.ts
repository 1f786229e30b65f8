import type { INestApplicationContext } from '@nestjs/common';
import type { Command } from 'commander';
import { PrincipalResolver } from '@lore/access';
import type { ApiKeyInfo, CreateApiKeyInput } from '@lore/domain/schemas/keys';
import { ApiKeysService } from '@lore/knowledge/credentials/api-keys.service';
import { AuthenticationService } from '@lore/knowledge/credentials/authentication.service';
import { type JsonOption, type RegisterCommand, runAction } from '../cli-command';
import { withServices } from '../cli-context';
import { EXIT, printJson } from '../output';

export const register: RegisterCommand = (program: Command) => {
  const keys = program
    .command('keys')
    .description('API keys for the HTTP doors, stored hashed in Neo4j (the key is shown once, at creation).');
  keys
    .command('create')
    .description('Create an API key and print it, once.')
    .requiredOption('--tenant <id>', 'the tenant whose repositories the key reads')
    .option('--repos <ids>', "comma-separated repository ids the key may read (default: '*', every repository of the tenant)")
    .option('--permissions <list>', 'comma-separated: read, index, admin, knowledge:write, memory:approve', 'read')
    .option('--profile <name>', "the MCP tool profile the key is limited to (default: the server's)")
    .option('--expires <duration>', 'the key stops working after this long: 90s, 30m, 12h, 30d (default: never)')
    .option('--label <text>', 'who or what the key is for')
    .option('--json', 'print the key and what it grants as JSON')
    .action(runAction(createCommand));
  keys
    .command('list')
    .description('The API keys (never their secrets).')
    .option('--tenant <id>', 'only the keys of this tenant')
    .option('--json', 'print the keys as JSON')
    .action(runAction(listCommand));
  keys
    .command('revoke')
    .description('Revoke an API key: it stops working at once.')
    .argument('<id>', 'the key id (lore keys list)')
    .option('--json', 'print the revoked key as JSON')
    .action(runAction(revokeCommand));
};

interface CreateOptions extends JsonOption {
  tenant: string;
  repos?: string;
  permissions: string;
  profile?: string;
  expires?: string;
  label?: string;
}

async function createCommand(options: CreateOptions): Promise<number> {
  const created = await withServices(async (context) => {
    const key = await context.get(ApiKeysService).createKey(
      // Checked by the service, as every door's input is.
      {
        tenantId: options.tenant,
        repositories: options.repos === undefined || options.repos === '*' ? '*' : commaList(options.repos),
        permissions: commaList(options.permissions),
        toolProfile: options.profile ?? null,
        expiresIn: options.expires ?? null,
        label: options.label ?? null,
      } as CreateApiKeyInput,
      context.get(PrincipalResolver).local(),
    );
    await tellAuthenticationMode(context);
    return key;
  });
  if (options.json) printJson(created);
  else process.stdout.write(`${created.key}\n${describe(created)}\nThe key is shown only now: store it where its user keeps secrets.\n`);
  return EXIT.ok;
}

async function listCommand(options: JsonOption & { tenant?: string }): Promise<number> {
  const { keys } = await withServices((context) =>
    context.get(ApiKeysService).listKeys({ tenantId: options.tenant }, context.get(PrincipalResolver).local()),
  );
  if (options.json) printJson({ keys });
  else process.stdout.write(keys.length === 0 ? 'no API keys\n' : `${keys.map(describe).join('\n')}\n`);
  return EXIT.ok;
}

async function revokeCommand(id: string, options: JsonOption): Promise<number> {
  const revoked = await withServices(async (context) => {
    const key = await context.get(ApiKeysService).revokeKey({ id }, context.get(PrincipalResolver).local());
    await tellAuthenticationMode(context);
    return key;
  });
  if (options.json) printJson(revoked);
  else process.stdout.write(`revoked ${describe(revoked)}\n`);
  return EXIT.ok;
}

/** A key changes who may call a loopback server's HTTP doors: say so on stderr, where it does not disturb --json. */
async function tellAuthenticationMode(context: INestApplicationContext): Promise<void> {
  const mode = await context.get(AuthenticationService).describeMode();
  process.stderr.write(`HTTP doors of a server with this configuration (REST, GraphQL, /explorer, MCP over HTTP), within 10 s: ${mode}\n`);
}

function describe(key: ApiKeyInfo): string {
  const repositories = key.repositories === '*' ? 'every repository' : key.repositories.join(',');
  const state = key.revokedAt ? `revoked ${key.revokedAt}` : key.expiresAt ? `expires ${key.expiresAt}` : 'no expiry';
  return `${key.id}  tenant ${key.tenantId}  ${repositories}  ${key.permissions.join(',')}  profile ${key.toolProfile ?? '(server)'}  ${state}${key.label ? `  "${key.label}"` : ''}`;
}

function commaList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}
