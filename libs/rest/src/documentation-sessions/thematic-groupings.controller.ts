import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  ProvideThematicGroupingsInputSchema,
  ProvideThematicGroupingsResultSchema,
  type ProvideThematicGroupingsInput,
} from '@lore/domain/schemas/documentation-sessions';
import { DocumentationSessionsService } from '@lore/documentation/documentation-sessions/documentation-sessions.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom } from '../rest-input';

/** provide_thematic_groupings: the themes the assistant grouped the files into. */
@ApiTags('documentation sessions')
@Controller('api/v1/docs/sessions')
export class ThematicGroupingsController {
  constructor(private readonly service: DocumentationSessionsService) {}

  @Post(':sessionId/groupings')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'provide_thematic_groupings',
    summary: "Give a session the workspace's files grouped by theme (processing).",
  })
  @ApiLoreErrors('invalid_input', 'not_found', 'conflict', 'unavailable')
  @ApiBodyFrom(ProvideThematicGroupingsInputSchema.omit({ session_id: true }))
  @ApiOkResponse({ schema: openApiSchema(ProvideThematicGroupingsResultSchema) })
  provideThematicGroupings(
    @Req() req: RequestWithPrincipal,
    @Param('sessionId') sessionId: string,
    @Body() body: Omit<ProvideThematicGroupingsInput, 'session_id'>,
  ) {
    return this.service.provideThematicGroupings({ ...body, session_id: sessionId }, principalOf(req));
  }
}
