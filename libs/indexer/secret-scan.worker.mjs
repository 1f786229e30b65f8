// Secret detection with secretlint's recommended rule set, in a worker thread: secretlint ships as
// ES modules only, and a worker loads them natively wherever the indexer runs (jest included).
import { parentPort } from 'node:worker_threads';
import { lintSource } from '@secretlint/core';
import { creator as recommended } from '@secretlint/secretlint-rule-preset-recommend';

const config = { rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: recommended }] };

parentPort.on('message', async ({ id, files }) => {
  try {
    const findings = [];
    for (const file of files) {
      const result = await lintSource({
        source: { filePath: `/${file.path}`, content: file.text, ext: file.path.slice(file.path.lastIndexOf('.')), contentType: 'text' },
        options: { config, maskSecrets: false },
      });
      for (const message of result.messages) {
        findings.push({
          path: file.path,
          rule: message.ruleId.replace('@secretlint/secretlint-rule-', ''),
          start: message.range[0],
          end: message.range[1],
        });
      }
    }
    parentPort.postMessage({ id, findings });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
