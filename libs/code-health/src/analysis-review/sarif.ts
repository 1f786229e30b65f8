import type { BaselineDocument } from '@lore/domain/schemas/analysis-review';
import type { Finding, Report, Severity } from '@lore/domain/schemas/code-health';
import { acceptedIds } from './baselines';

/**
 * SARIF 2.1.0 of a run, as code-scanning uploads take it: one rule per finding family and kind, one
 * result per finding with its first location (the others as related locations), the canonical id as
 * the partial fingerprint that keeps an alert the same alert across commits, and, with a baseline,
 * baselineState new or unchanged. Paths are repository-relative, against %SRCROOT%.
 */

export interface SarifLog {
  $schema: string;
  version: '2.1.0';
  runs: Record<string, unknown>[];
}

const LEVEL: Record<Severity, string> = { critical: 'error', warning: 'warning', info: 'note' };

const ruleId = (finding: Finding) => `${finding.family}/${finding.kind}`;

function physicalLocation(location: Finding['locations'][number]) {
  return {
    artifactLocation: { uri: location.path, uriBaseId: '%SRCROOT%' },
    region: { startLine: Math.max(1, location.line), endLine: Math.max(1, location.line, location.end_line) },
  };
}

export function sarifLog(report: Report, baseline: BaselineDocument | null, version: string): SarifLog {
  const findings = report.findings.items;
  const rules = [...new Map(findings.map((finding) => [ruleId(finding), finding])).values()].sort((a, b) =>
    ruleId(a) < ruleId(b) ? -1 : 1,
  );
  const ruleIndex = new Map(rules.map((finding, index) => [ruleId(finding), index]));
  const accepted = acceptedIds(baseline);
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'Lore',
            version,
            rules: rules.map((finding) => ({
              id: ruleId(finding),
              name: `${finding.family} ${finding.kind}`.replace(/[_ ](\w)/g, (_, letter: string) => letter.toUpperCase()),
              shortDescription: { text: `Code health: ${finding.family} (${finding.kind.replace(/_/g, ' ')})` },
              defaultConfiguration: { level: 'warning' },
              properties: { tags: ['maintainability', finding.family] },
            })),
          },
        },
        automationDetails: { id: `lore/analysis/${report.meta.repository}/` },
        versionControlProvenance: [{ repositoryUri: `lore://${report.meta.repository}`, revisionId: report.meta.commit }],
        originalUriBaseIds: { '%SRCROOT%': { description: { text: 'The root of the analysed repository.' } } },
        results: findings.map((finding) => ({
          ruleId: ruleId(finding),
          ruleIndex: ruleIndex.get(ruleId(finding))!,
          level: LEVEL[finding.severity],
          message: { text: `${finding.title}: ${finding.message}` },
          locations: finding.locations.slice(0, 1).map((location) => ({ physicalLocation: physicalLocation(location) })),
          relatedLocations: finding.locations.slice(1).map((location, index) => ({
            id: index + 1,
            physicalLocation: physicalLocation(location),
            message: { text: location.symbol ?? location.path },
          })),
          partialFingerprints: { 'loreFindingId/v1': finding.canonical_id },
          ...(baseline === null ? {} : { baselineState: accepted.has(finding.canonical_id) ? 'unchanged' : 'new' }),
          properties: {
            finding_id: finding.id,
            severity: finding.severity,
            confidence: finding.confidence,
            source_kind: finding.source_kind,
          },
        })),
      },
    ],
  };
}
