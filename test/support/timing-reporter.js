// @ts-check
/**
 * Where a test run's time goes: each test file's wall time and the CPU time (user + sys) its jest
 * process and everything under it spent meanwhile (Neo4j, the servers and CLIs a suite starts), read
 * from /proc. Per file only when jest runs one file at a time (in band: one worker, or one file);
 * with several workers, files overlap and only the run's total CPU is told.
 * Written as JSON to LORE_TEST_TIMINGS (a file path) when it is set; the slowest files printed.
 */
const { readdirSync, readFileSync, writeFileSync } = require('node:fs');
const { relative } = require('node:path');

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU seconds of `root` and its live descendants, plus what their reaped children spent. */
function treeCpuSeconds(root) {
  const stats = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces: the fields follow its last ')'.
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      stats.set(Number(entry), { parent: Number(fields[1]), ticks });
    } catch {
      // the process ended while being read
    }
  }
  let ticks = 0;
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.pop();
    ticks += stats.get(pid)?.ticks ?? 0;
    for (const [child, stat] of stats) if (stat.parent === pid) pending.push(child);
  }
  return ticks / TICKS_PER_SECOND;
}

class TimingReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
    this.started = new Map();
    this.files = [];
    this.runStarted = Date.now();
    this.runCpu = treeCpuSeconds(process.pid);
  }

  onRunStart(_results, options) {
    // jest shows no status line exactly when it runs the files in band.
    this.inBand = !options.showStatus;
  }

  onTestFileStart(test) {
    this.started.set(test.path, treeCpuSeconds(process.pid));
  }

  onTestFileResult(test, result) {
    const cpu = treeCpuSeconds(process.pid) - (this.started.get(test.path) ?? this.runCpu);
    this.files.push({
      file: relative(this.rootDir, test.path),
      project: test.context.config.displayName?.name ?? '',
      wallSeconds: (result.perfStats.end - result.perfStats.start) / 1000,
      cpuSeconds: this.inBand ? Math.round(cpu * 100) / 100 : null,
      failed: result.numFailingTests > 0 || result.testExecError != null,
    });
  }

  onRunComplete() {
    const total = {
      wallSeconds: (Date.now() - this.runStarted) / 1000,
      cpuSeconds: Math.round((treeCpuSeconds(process.pid) - this.runCpu) * 100) / 100,
    };
    if (process.env.LORE_TEST_TIMINGS) writeFileSync(process.env.LORE_TEST_TIMINGS, JSON.stringify({ total, files: this.files }, null, 2));
    const slowest = [...this.files].sort((a, b) => b.wallSeconds - a.wallSeconds).slice(0, 10);
    const cpu = (f) => (f.cpuSeconds === null ? '' : f.cpuSeconds.toFixed(1)).padStart(6);
    process.stderr.write(
      `\n[timings] ${total.wallSeconds.toFixed(0)} s wall, ${total.cpuSeconds.toFixed(0)} s CPU; slowest files (wall s${this.inBand ? ', CPU s' : ''}):\n` +
        slowest.map((f) => `  ${f.wallSeconds.toFixed(1).padStart(6)} ${cpu(f)}  ${f.file}\n`).join(''),
    );
  }
}

module.exports = TimingReporter;
