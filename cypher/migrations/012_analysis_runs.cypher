// Code health analysis runs (analyze_repository, analyze_changed_paths): one AnalysisRun per report
// digest and tenant, kept in a bounded history whose order (seq, from the tenant's AnalysisHistory
// node) makes the latest run the one with the highest seq.
CREATE CONSTRAINT analysis_run_id IF NOT EXISTS FOR (n:AnalysisRun) REQUIRE (n.tenantId, n.runId) IS UNIQUE;
CREATE CONSTRAINT analysis_history_tenant IF NOT EXISTS FOR (n:AnalysisHistory) REQUIRE n.tenantId IS UNIQUE;
CREATE INDEX analysis_run_short_id IF NOT EXISTS FOR (n:AnalysisRun) ON (n.tenantId, n.shortId);
