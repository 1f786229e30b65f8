// @ts-check
/**
 * Runs the longest test files first, so that two workers finish together instead of one waiting out
 * a long suite that started last. Jest orders by the durations in its own cache, which a fresh clone
 * (CI) does not have: there it fell back to file size, and a 10-minute suite could start at minute 15.
 * The durations come from test/support/test-timings.json, written by the timing reporter
 * (`LORE_TEST_TIMINGS=test/support/test-timings.json npm test`). A file it does not list yet (a new
 * suite) runs first: its length is unknown, and the known short files fill in behind it.
 */
const { existsSync, readFileSync } = require('node:fs');
const { join, relative } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const TIMINGS = join(__dirname, 'test-timings.json');

/** @returns {Map<string, number>} wall seconds per file, relative to the repository root */
function recordedSeconds() {
  if (!existsSync(TIMINGS)) return new Map();
  const { files } = JSON.parse(readFileSync(TIMINGS, 'utf8'));
  return new Map(files.map((/** @type {{ file: string, wallSeconds: number }} */ f) => [f.file, f.wallSeconds]));
}

class LongestFirstSequencer extends Sequencer {
  /** @param {import('@jest/test-result').Test[]} tests */
  sort(tests) {
    const seconds = recordedSeconds();
    if (seconds.size === 0) return super.sort(tests);
    const root = join(__dirname, '..', '..');
    const known = (/** @type {import('@jest/test-result').Test} */ test) => seconds.get(relative(root, test.path)) ?? Infinity;
    return [...tests].sort((a, b) => known(b) - known(a) || a.path.localeCompare(b.path));
  }
}

module.exports = LongestFirstSequencer;
