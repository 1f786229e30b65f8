import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { ApolloDriverConfig } from '@nestjs/apollo';
import type { Response } from 'express';
import { ownAsset, packageFile, sendAsset, type StaticAsset } from './static-assets';

/** GraphiQL's files, served from our own node_modules (no CDN), and the script that opens it with example tabs. */
const ASSETS: Record<string, StaticAsset> = {
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
  <script src="${GRAPHIQL_ASSETS_PATH}/graphiql-page.js"></script>
</body>
</html>`;

/** Apollo shows this page instead of its CDN-loaded landing page when a browser opens /graphql. */
export function graphiqlLandingPage(): NonNullable<ApolloDriverConfig['plugins']>[number] {
  return {
    async serverWillStart() {
      return {
        async renderLandingPage() {
          return { html: GRAPHIQL_HTML };
        },
      };
    },
  };
}

@ApiExcludeController()
@Controller('graphql/assets')
export class GraphiqlAssetsController {
  @Get(':name')
  asset(@Param('name') name: string, @Res() res: Response): void {
    sendAsset(ASSETS, name, res);
  }
}
