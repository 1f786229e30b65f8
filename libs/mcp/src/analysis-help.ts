/**
 * The code health topics of `help` (CodeClone's MCP interface's: workflow, analysis profile, baseline, coverage,
 * suppressions, review state, changed scope): a bounded routing answer, not a manual. `summary` is
 * the answer at detail `compact`; `normal` adds `details`.
 */
export const ANALYSIS_HELP_TOPICS = {
  workflow: {
    summary:
      'analyze_repository (or analyze_changed_paths) first; then get_run_summary or get_production_triage; then list_hotspots or check_*; then get_finding and get_remediation.',
    details: [
      'Runs are stored per tenant; the latest is used when run_id is omitted.',
      'detail_level summary is the default of list, check and hotspot tools; get_finding defaults to normal.',
      'Read the code of a finding with get_file_span on the uri its full detail gives.',
    ],
  },
  analysis_profile: {
    summary:
      'The thresholds of a run (complexity_threshold 20, coupling_threshold 10, cohesion_threshold 4 by default) decide its design findings and are part of its identity: other thresholds give another run id.',
    details: [
      'Lower them only for an explicit exploratory pass; compare runs only with the same profile.',
      'analysis_mode clones_only keeps clone findings and marks health unavailable.',
    ],
  },
  baseline: {
    summary:
      'A baseline is a digested snapshot of accepted findings per repository, written by lore analyze --update-baseline (never by MCP); evaluate_gates, generate_pr_summary and lore check count only findings it does not hold as new.',
    details: [
      'Findings match by canonical id (symbols, not lines), so moved code stays known; a baseline edited by hand is refused as untrusted.',
      'get_run_summary and analyze_* judge new and known against the stored baseline too (baseline.status trusted, missing or untrusted); compare_runs is baseline-independent.',
      'diff.typing_param_permille_delta, typing_return_permille_delta and docstring_permille_delta are this run’s metrics.summary.adoption minus the baseline’s: typing counts TypeScript and Python parameters and returns of production functions and methods (an inferred TypeScript type is no annotation; Python self/cls left out; JavaScript and the statically typed languages not counted), docstrings every language’s public functions, methods and classes. Null without a baseline, with one written before adoption was measured, or when nothing was counted.',
      'diff.api_breaking_changes (public symbols removed or with another signature) and new_api_symbols need api_surface: true on this run and on the run the baseline was taken from; null otherwise. Public is the index’s exported flag per language (Python: the names a module’s literal __all__ lists, else no leading underscore).',
    ],
  },
  coverage: {
    summary:
      'Two coverages: inventory.coverage counts the function bodies the index measured (complexity, clone fingerprints; null is not zero), and analyze_repository with coverage_xml (a Cobertura file inside the repository) joins test coverage per function and file into metrics.coverage_join.',
    details: [
      'An invalid Cobertura file gives coverage_join.status invalid with invalid_reason, not a failed run; evaluate_gates with fail_on_untested_hotspots or coverage_min on a run without a valid join is a contract error.',
      'get_report_section {section: "metrics_detail", family: "coverage_join"} pages the functions; a health dimension with nothing measured is left out rather than scored.',
    ],
  },
  suppressions: {
    summary:
      'There are no suppressions: every finding of the run is listed. Filter with family, severity, source_kind, path or changed_paths.',
    details: ['Test-only findings have source_kind tests; get_production_triage leaves them out of its hotspots.'],
  },
  review_state: {
    summary:
      'mark_finding_reviewed (with a note) and list_reviewed_findings keep review markers in the server’s memory for the calling principal only; clear_session_runs forgets them. Never written to a baseline or a report.',
    details: [],
  },
  changed_scope: {
    summary:
      'analyze_changed_paths takes changed_paths (repository-relative) or git_diff_ref (a revision or range, validated before git runs) and answers the findings touching those files; the run id is the whole report’s.',
    details: ['list_findings and list_hotspots take changed_paths too, to narrow any run to a change.'],
  },
} as const;

export type AnalysisHelpTopic = keyof typeof ANALYSIS_HELP_TOPICS;

/** The code health topic a help topic names ("review state", "review_state", "changed-scope"), if any. */
export function analysisHelpTopic(topic: string): AnalysisHelpTopic | null {
  const key = topic
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return Object.hasOwn(ANALYSIS_HELP_TOPICS, key) ? (key as AnalysisHelpTopic) : null;
}
