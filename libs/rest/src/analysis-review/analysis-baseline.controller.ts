import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type BaselineDocument, BaselineDocumentSchema } from '@lore/domain/schemas/analysis-review';
import { AnalysisReviewService } from '@lore/code-health/analysis-review/analysis-review.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';

/** get_baseline: `GET /api/v1/analysis/baselines/:repository`, the trusted baseline a repository keeps. */
@ApiTags('analysis')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied')
@Controller('api/v1/analysis')
export class AnalysisBaselineController {
  constructor(private readonly review: AnalysisReviewService) {}

  @Get('baselines/:repository')
  @ApiOperation({ operationId: 'get_baseline', summary: "A repository's stored baseline document (its digest checked)." })
  @ApiOkResponse({ schema: openApiSchema(BaselineDocumentSchema) })
  getBaseline(@Req() req: RequestWithPrincipal, @Param('repository') repository: string): Promise<BaselineDocument> {
    return this.review.getBaseline({ repository }, principalOf(req));
  }
}
