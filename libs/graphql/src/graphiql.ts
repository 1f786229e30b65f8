import { Controller, Get, Injectable, type NestMiddleware, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import { API_KEY_ASSET, ownAsset, packageFile, sendAsset, type StaticAsset } from './static-assets';

/**
 * GraphiQL's files, served from our own node_modules (no CDN), the script that opens it with example
 * tabs, and the one that asks for an API key in the page (shared with /explorer).
 */
const ASSETS: Record<string, StaticAsset> = {
  'api-key.js': API_KEY_ASSET,
  'react.js': { path: packageFile('react', 'umd/react.production.min.js'), type: 'text/javascript' },
  'react-dom.js': { path: packageFile('react-dom', 'umd/react-dom.production.min.js'), type: 'text/javascript' },
  'graphiql.js': { path: packageFile('graphiql', 'graphiql.min.js'), type: 'text/javascript' },
  'graphiql.css': { path: packageFile('graphiql', 'graphiql.min.css'), type: 'text/css' },
  'graphiql-page.js': { path: ownAsset('graphiql-page.js'), type: 'text/javascript' },
};

export const GRAPHIQL_ASSETS_PATH = '/graphql/assets';

const GRAPHIQL_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <title>Lore GraphQL explorer</title>
  <link rel="stylesheet" href="${GRAPHIQL_ASSETS_PATH}/graphiql.css" />
  <style>html, body, #graphiql { height: 100%; margin: 0; }</style>
</head>
<body>
  <div id="graphiql">Loading GraphiQL…</div>
  <script src="${GRAPHIQL_ASSETS_PATH}/react.js"></script>
  <script src="${GRAPHIQL_ASSETS_PATH}/react-dom.js"></script>
  <script src="${GRAPHIQL_ASSETS_PATH}/graphiql.js"></script>
  <script src="${GRAPHIQL_ASSETS_PATH}/api-key.js"></script>
  <script src="${GRAPHIQL_ASSETS_PATH}/graphiql-page.js"></script>
</body>
</html>`;

/** What a GraphQL GET may be answered in, HTML last: a client that prefers HTML is a browser opening the page (as Apollo tells its landing page). */
const GRAPHQL_GET_ANSWERS = ['application/json', 'application/graphql-response+json', 'multipart/mixed', 'text/html'];

/**
 * GraphiQL's page, for a browser opening /graphql, answered before the caller is authenticated (in
 * place of Apollo's CDN-loaded landing page, which Apollo is told not to show): the page holds no data,
 * so it loads whatever the server's authentication mode, and its calls, authenticated like any other,
 * ask for an API key in the page when they need one. Any other request goes on to authentication and
 * Apollo.
 */
@Injectable()
export class GraphiqlPageMiddleware implements NestMiddleware {
  use(req: Request, res: Response, next: NextFunction): void {
    if (req.method === 'GET' && req.accepts(GRAPHQL_GET_ANSWERS) === 'text/html') {
      res.type('html').send(GRAPHIQL_HTML);
      return;
    }
    next();
  }
}

@ApiExcludeController()
@Controller('graphql/assets')
export class GraphiqlAssetsController {
  @Get(':name')
  asset(@Param('name') name: string, @Res() res: Response): void {
    sendAsset(ASSETS, name, res);
  }
}
