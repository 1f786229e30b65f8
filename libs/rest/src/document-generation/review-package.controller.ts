import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type ReviewPackage, ReviewPackageSchema } from '@lore/domain/schemas/document-generation';
import { DocumentGenerationService } from '@lore/documentation/document-generation/document-generation.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';

/** generate_review_package: a stored draft with what its reviewer needs. */
@ApiTags('documentation generation')
@Controller('api/v1/docs')
export class ReviewPackageController {
  constructor(private readonly service: DocumentGenerationService) {}

  @Get('drafts/:documentId/review')
  @ApiOperation({
    operationId: 'generate_review_package',
    summary: 'A draft with its quality report, its stale lines and the checklist of its review.',
  })
  @ApiLoreErrors('invalid_input', 'not_found', 'unavailable')
  @ApiOkResponse({ schema: openApiSchema(ReviewPackageSchema) })
  review(@Req() req: RequestWithPrincipal, @Param('documentId') documentId: string): Promise<ReviewPackage> {
    return this.service.generateReviewPackage({ documentId }, principalOf(req));
  }
}
