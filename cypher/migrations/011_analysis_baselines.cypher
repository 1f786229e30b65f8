// Code health baselines (lore analyze --update-baseline, PUT /api/v1/analysis/baselines/{repository}):
// one AnalysisBaseline per tenant and repository, the digested snapshot of the findings accepted as
// known debt, which evaluate_gates, lore check and generate_pr_summary compare a run against.
CREATE CONSTRAINT analysis_baseline_repository IF NOT EXISTS FOR (n:AnalysisBaseline) REQUIRE (n.tenantId, n.repositoryId) IS UNIQUE;
