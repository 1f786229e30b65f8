import { Controller, Headers, HttpCode, Inject, Post, Req, UnauthorizedException } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { Request } from 'express';
import { verifyWebhook } from '@lore/access';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
import { InvalidInputError, type Principal } from '@lore/domain';
import type { IndexJob } from '@lore/domain/schemas/index-jobs';
import { IndexJobsService, type PushDelivery } from '@lore/knowledge/index-jobs/index-jobs.service';

/** What a push that deletes a branch names as its new commit. */
const NO_COMMIT = /^0+$/;

/**
 * Push webhooks of GitHub and GitLab (`POST /api/v1/webhooks/push`): the signature (GitHub's
 * `X-Hub-Signature-256`, GitLab's `X-Gitlab-Token`, against LORE_WEBHOOK_SECRET) is the caller's
 * credential, so the route is outside the bearer authentication; a bad or missing one is 401 and
 * nothing is queued. A push of a repository of LORE_WEBHOOK_REPOSITORIES queues its pushed commit.
 * Other events (GitHub's ping) and branch deletions are answered 202 with no job.
 */
@Controller('api/v1/webhooks')
export class WebhooksController {
  constructor(
    private readonly jobs: IndexJobsService,
    @Inject(LORE_CONFIG) private readonly config: LoreConfig,
  ) {}

  @Post('push')
  @HttpCode(202)
  @ApiExcludeEndpoint()
  async push(
    @Req() req: Request & { rawBody?: Buffer },
    @Headers('x-hub-signature-256') githubSignature?: string,
    @Headers('x-gitlab-token') gitlabToken?: string,
    @Headers('x-github-event') githubEvent?: string,
  ): Promise<{ job: IndexJob | null }> {
    const provider = verifyWebhook(this.config.LORE_WEBHOOK_SECRET, req.rawBody ?? Buffer.alloc(0), { githubSignature, gitlabToken });
    if (!provider) throw new UnauthorizedException('The webhook signature does not match LORE_WEBHOOK_SECRET.');
    if (provider === 'github' && githubEvent !== 'push') return { job: null };
    const push = pushOf(provider, req.body);
    if (!push) return { job: null };
    const principal: Principal = {
      tenantId: this.config.LORE_TENANT,
      subject: `webhook:${provider}`,
      repositories: '*',
      permissions: ['index'],
      toolProfile: null,
    };
    return { job: await this.jobs.receivePush(push, principal) };
  }
}

/** The repository and pushed commit of a GitHub or GitLab push payload; null for a branch deletion. */
function pushOf(provider: PushDelivery['provider'], body: unknown): PushDelivery | null {
  const payload = (body ?? {}) as {
    after?: unknown;
    checkout_sha?: unknown;
    repository?: { full_name?: unknown };
    project?: { path_with_namespace?: unknown };
  };
  const repository = provider === 'github' ? payload.repository?.full_name : payload.project?.path_with_namespace;
  const commit = provider === 'gitlab' ? (payload.checkout_sha ?? payload.after) : payload.after;
  if (commit === null || (typeof commit === 'string' && NO_COMMIT.test(commit))) return null;
  if (typeof repository !== 'string' || typeof commit !== 'string' || !/^[0-9a-f]{7,64}$/.test(commit))
    throw new InvalidInputError('The push payload names no repository and pushed commit.', {
      hint: provider === 'github' ? 'Send push events as application/json.' : 'Send Push Hook events.',
    });
  return { provider, repository, commit };
}
