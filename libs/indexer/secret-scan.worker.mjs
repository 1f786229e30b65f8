// Secret detection with secretlint's recommended rule set, in a worker thread: secretlint ships as
// ES modules only, and a worker loads them natively wherever the indexer runs (jest included).
import { parentPort } from 'node:worker_threads';
import { lintSource } from '@secretlint/core';
import { secretLintProfiler } from '@secretlint/profiler';
import { creator as recommended } from '@secretlint/secretlint-rule-preset-recommend';

// secretlint marks the start and end of every rule on every file for its --profile output, and its
// profiler looks each end mark's start up among all the marks made so far, once the worker is idle:
// quadratic in the files scanned, on the core the main thread's parse needs. Nothing here reads those
// figures; without the marks, lintSource finds the same secrets.
secretLintProfiler.mark = () => undefined;

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
