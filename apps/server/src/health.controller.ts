import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { SystemService, type Readiness } from '@lore/knowledge/system/system.service';

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(private readonly system: SystemService) {}

  /** Alive: the process answers. */
  @Get('health')
  @HttpCode(200)
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Ready: Neo4j reachable and every migration applied. */
  @Get('ready')
  async ready(@Res({ passthrough: true }) res: Response): Promise<Readiness> {
    const readiness = await this.system.readiness();
    res.status(readiness.ready ? 200 : 503);
    return readiness;
  }
}
