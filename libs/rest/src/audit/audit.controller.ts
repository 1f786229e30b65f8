import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type ListAuditInput, ListAuditInputSchema, type ListAuditResult, ListAuditResultSchema } from '@lore/domain/schemas/audit';
import { AuditService } from '@lore/knowledge/audit/audit.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

@ApiTags('admin')
@ApiLoreErrors('invalid_input', 'permission_denied', 'unavailable')
@Controller('api/v1/audit')
export class AuditController {
  constructor(private readonly service: AuditService) {}

  @Get()
  @ApiOperation({
    operationId: 'list_audit',
    summary:
      "The audit of the caller's tenant, newest first, a page at a time, filtered by subject, operation, status, door and time. Needs the admin permission.",
  })
  @ApiQueryFrom(ListAuditInputSchema)
  @ApiOkResponse({ schema: openApiSchema(ListAuditResultSchema) })
  listAudit(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<ListAuditResult> {
    return this.service.listAudit(inputFromQuery(ListAuditInputSchema, query) as ListAuditInput, principalOf(req));
  }
}
