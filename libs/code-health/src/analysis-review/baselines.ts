import { createHash } from 'node:crypto';
import { canonicalJson, InvalidInputError } from '@lore/domain';
import {
  BASELINE_FORMAT,
  BASELINE_VERSION,
  type BaselineDocument,
  BaselineDocumentSchema,
  type BaselineState,
} from '@lore/domain/schemas/analysis-review';
import type { Report } from '@lore/domain/schemas/code-health';
import { healthScore } from './run-comparison';

/**
 * Baselines: the findings of one run accepted as known debt, as a document whose digest is the
 * SHA-256 of its canonical JSON. A baseline is trusted only when its digest checks: one edited by
 * hand is refused with the reason, never half-used.
 */

function digestOf(body: Omit<BaselineDocument, 'digest'>): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

/** The baseline that accepts every finding of a run. */
export function baselineOf(report: Report): BaselineDocument {
  const body: Omit<BaselineDocument, 'digest'> = {
    format: BASELINE_FORMAT,
    version: BASELINE_VERSION,
    repository: report.meta.repository,
    commit: report.meta.commit,
    created_from_run: report.integrity.digest,
    mode: report.meta.mode,
    health: healthScore(report),
    findings: report.findings.items
      .map((finding) => ({
        canonical_id: finding.canonical_id,
        family: finding.family,
        kind: finding.kind,
        severity: finding.severity,
        title: finding.title,
        paths: [...new Set(finding.locations.map((location) => location.path))].sort(),
      }))
      .sort((a, b) => (a.canonical_id < b.canonical_id ? -1 : a.canonical_id > b.canonical_id ? 1 : 0)),
    ...baselineMetrics(report),
  };
  return { ...body, digest: digestOf(body) };
}

/** What a later run's typing, docstring and API deltas are measured against (absent for what the run did not measure). */
function baselineMetrics(report: Report): Pick<BaselineDocument, 'adoption' | 'api_surface'> {
  // A run stored before adoption was measured has no adoption field at all.
  const adoption = report.metrics.summary.adoption ?? null;
  const api = report.metrics.api_surface;
  return {
    ...(adoption
      ? {
          adoption: {
            typing_param_permille: adoption.typing_param_permille,
            typing_return_permille: adoption.typing_return_permille,
            docstring_permille: adoption.docstring_permille,
          },
        }
      : {}),
    ...(api ? { api_surface: api.map(({ line: _line, ...symbol }) => symbol) } : {}),
  };
}

/** A baseline document read back (from the graph or a file), checked: unreadable, malformed or with a digest that does not match is untrusted. */
export function trustedBaseline(text: string, source: string): BaselineDocument {
  const untrusted = (reason: string, message: string) =>
    new InvalidInputError(`The baseline ${source} is untrusted: ${message}`, {
      hint: 'Write a new baseline with lore analyze --update-baseline (a baseline is never edited by hand).',
      details: { contract: 'baseline', reason },
    });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw untrusted('unreadable', 'it is not JSON.');
  }
  const checked = BaselineDocumentSchema.safeParse(parsed);
  if (!checked.success) throw untrusted('malformed', `it is not a ${BASELINE_FORMAT} document of version ${BASELINE_VERSION}.`);
  const { digest, ...body } = checked.data;
  if (digestOf(body) !== digest) throw untrusted('digest_mismatch', 'its digest does not match its content (it was edited).');
  return checked.data;
}

export function baselineState(baseline: BaselineDocument | null, ignored = false): BaselineState {
  if (baseline === null)
    return { status: ignored ? 'ignored' : 'missing', digest: null, created_from_run: null, commit: null, findings: null };
  return {
    status: 'trusted',
    digest: baseline.digest,
    created_from_run: baseline.created_from_run.slice(0, 8),
    commit: baseline.commit,
    findings: baseline.findings.length,
  };
}

/** The canonical ids a baseline accepts (none without a baseline: every finding is new). */
export function acceptedIds(baseline: BaselineDocument | null): ReadonlySet<string> {
  return new Set(baseline?.findings.map((finding) => finding.canonical_id) ?? []);
}
