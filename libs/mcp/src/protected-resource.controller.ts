import { Controller, Get, Inject, NotFoundException } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { protectedResourceMetadata } from '@lore/access';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';

/**
 * The OAuth 2.0 protected-resource metadata of /mcp (RFC 9728), which the MCP authorization spec has
 * clients read to find the authorization server: at the path the spec derives from the resource
 * (`/.well-known/oauth-protected-resource/mcp`) and at the root one, for clients that look there.
 * Served when JWT bearer tokens are configured (LORE_JWT_ISSUER): without an issuer there is no
 * authorization server to name.
 */
@ApiExcludeController()
@Controller('.well-known/oauth-protected-resource')
export class ProtectedResourceController {
  constructor(@Inject(LORE_CONFIG) private readonly config: LoreConfig) {}

  @Get(['', 'mcp'])
  metadata(): Record<string, unknown> {
    if (!this.config.LORE_JWT_ISSUER) throw new NotFoundException('This server takes no OAuth tokens (LORE_JWT_ISSUER is not set).');
    return protectedResourceMetadata(this.config);
  }
}
