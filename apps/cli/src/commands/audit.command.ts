import type { Command } from 'commander';
import { PrincipalResolver } from '@lore/access';
import { type Principal, localPrincipal } from '@lore/domain';
import { AUDIT_DOORS, AUDIT_STATUSES, type AuditRecord, type ListAuditInput, type VerifyAuditResult } from '@lore/domain/schemas/audit';
import { AuditService } from '@lore/knowledge/audit/audit.service';
import type { INestApplicationContext } from '@nestjs/common';
import { type JsonOption, type RegisterCommand, runAction } from '../cli-command';
import { withServices } from '../cli-context';
import { EXIT, printJson } from '../output';

interface TenantOption extends JsonOption {
  tenant?: string;
}

interface ListOptions extends TenantOption {
  subject?: string;
  operation?: string;
  status?: string;
  door?: string;
  from?: string;
  to?: string;
  limit?: string;
  cursor?: string;
}

export const register: RegisterCommand = (program: Command) => {
  const audit = program
    .command('audit')
    .description('The audit of every call (admin data): list its records, verify its hash chains, apply its retention now.');
  audit
    .command('list')
    .description('Audit records, newest first, a page at a time (--cursor: the nextCursor of the previous page).')
    .option('--tenant <tenant>', 'the tenant whose audit to read (default: LORE_TENANT)')
    .option('--subject <subject>', 'only the calls of this principal')
    .option('--operation <operation>', 'only this operation (get_symbol) or refused route (POST /mcp)')
    .option('--status <status>', `only calls that ended so: ${AUDIT_STATUSES.join(', ')}`)
    .option('--door <door>', `only calls through this door: ${AUDIT_DOORS.join(', ')}`)
    .option('--from <instant>', 'only calls that ended at or after this ISO 8601 instant')
    .option('--to <instant>', 'only calls that ended before this ISO 8601 instant')
    .option('--limit <n>', 'at most this many records (default 50, at most 500)')
    .option('--cursor <cursor>', 'the nextCursor of the previous page')
    .option('--json', 'print the page as JSON')
    .action(runAction(listCommand));
  audit
    .command('verify')
    .description("Re-hash every audit chain (or one tenant's) and name the first record edited, removed or inserted; exit code 6 if any.")
    .option('--tenant <tenant>', "verify only this tenant's chain")
    .option('--json', 'print the verification as JSON')
    .action(runAction(verifyCommand));
  audit
    .command('prune')
    .description('Remove the records older than LORE_AUDIT_RETENTION_DAYS now (the server does it at start and daily).')
    .option('--json', 'print how many records were removed per tenant as JSON')
    .action(runAction(pruneCommand));
};

/** The CLI runs as the local principal of the configuration; --tenant reads another tenant, as the holder of the database's credentials may. */
function principalFor(context: INestApplicationContext, tenant: string | undefined): Principal {
  return tenant === undefined ? context.get(PrincipalResolver).local() : localPrincipal(tenant);
}

async function listCommand(options: ListOptions): Promise<number> {
  const { json, tenant, limit, ...filters } = options;
  const input = { ...filters, tenant, ...(limit === undefined ? {} : { limit: Number(limit) }) } as ListAuditInput;
  const page = await withServices((context) => context.get(AuditService).listAudit(input, principalFor(context, tenant)));
  if (json) {
    printJson(page);
    return EXIT.ok;
  }
  for (const record of page.records) process.stdout.write(`${describeRecord(record)}\n`);
  if (page.records.length === 0) process.stdout.write(`no audit records of ${page.tenantId}\n`);
  if (page.nextCursor) process.stdout.write(`more: lore audit list --cursor ${page.nextCursor}\n`);
  return EXIT.ok;
}

async function verifyCommand(options: TenantOption): Promise<number> {
  const chains = await withServices(async (context) => {
    const service = context.get(AuditService);
    const tenants = options.tenant === undefined ? await service.chainTenants() : [options.tenant];
    const results: VerifyAuditResult[] = [];
    for (const tenant of tenants) results.push(await service.verifyAudit({ tenant }, localPrincipal(tenant)));
    return results;
  });
  const valid = chains.every((chain) => chain.valid);
  if (options.json) printJson({ valid, chains });
  else {
    for (const chain of chains) {
      const range = `records ${chain.anchorSeq + 1}-${chain.headSeq}`;
      process.stdout.write(
        chain.problem
          ? `${chain.tenantId}: TAMPERED (${chain.problem.kind}): ${chain.problem.message}\n`
          : `${chain.tenantId}: intact, ${range}\n`,
      );
    }
    if (chains.length === 0) process.stdout.write('no audit chains\n');
  }
  return valid ? EXIT.ok : EXIT.tampered;
}

async function pruneCommand(options: JsonOption): Promise<number> {
  const removed = await withServices((context) => context.get(AuditService).pruneExpired());
  if (options.json) printJson({ removed });
  else for (const [tenant, count] of Object.entries(removed)) process.stdout.write(`${tenant}: ${count} records removed\n`);
  return EXIT.ok;
}

function describeRecord(record: AuditRecord): string {
  const where = record.repository ? ` ${record.repository}` : '';
  const http = record.httpStatus === null ? '' : ` (HTTP ${record.httpStatus})`;
  return `${record.seq} ${record.timestamp} ${record.door} ${record.subject} ${record.operation}${where} ${record.status}${http} ${record.latencyMs} ms`;
}
