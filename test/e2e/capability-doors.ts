/**
 * The doors each capability is served through, declared once: the MCP tool (named as the
 * capability), the GraphQL root fields, the REST operations (OpenAPI operationId) and the CLI
 * command. capability-doors.e2e-spec.ts asks the running server and CLI for every door they serve
 * and requires the two to be the same, so a door that goes missing, or one added without its row
 * here, fails; the parity tables (askEveryDoor in doors.ts) then require the doors of a capability
 * to give one answer. A capability without a door here has none on purpose (the code-health checks
 * are MCP and REST only; the review baselines REST and GraphQL).
 */
export interface CapabilityDoors {
  /** An MCP tool of the capability's name (served in the full profile). */
  mcp?: true;
  /** GraphQL root fields (queries and mutations). */
  graphql?: string[];
  /** REST operations by their OpenAPI operationId (a GET and a POST form of one question are two). */
  rest?: string[];
  /** The `lore` command, with its parent command if it has one. */
  cli?: string;
}

export const CAPABILITY_DOORS: Record<string, CapabilityDoors> = {
  analysisFindings: { graphql: ['analysisFindings'] },
  analyze_changed_paths: { mcp: true, rest: ['analyze_changed_paths'] },
  analyze_file_callback: { mcp: true, graphql: ['analyzeFileCallback'], rest: ['analyze_file_callback'] },
  analyze_impact: { mcp: true, graphql: ['impact'], rest: ['analyze_impact'], cli: 'impact' },
  analyze_repository: { mcp: true, rest: ['analyze_repository'], cli: 'analyze' },
  approve_memory: { mcp: true, graphql: ['approveMemory'], rest: ['approve_memory'] },
  archive_memory: { mcp: true, graphql: ['archiveMemory'], rest: ['archive_memory'] },
  assemble_context_pack: { mcp: true, graphql: ['assembleContextPack'], rest: ['assemble_context_pack', 'assemble_context_pack_body'] },
  check_clones: { mcp: true, rest: ['check_clones'] },
  check_cohesion: { mcp: true, rest: ['check_cohesion'] },
  check_complexity: { mcp: true, rest: ['check_complexity'] },
  check_coupling: { mcp: true, rest: ['check_coupling'] },
  check_dead_code: { mcp: true, rest: ['check_dead_code'] },
  clear_documentation_session: {
    mcp: true,
    graphql: ['clearDocumentationSession'],
    rest: ['clear_documentation_session'],
    cli: 'docs-session clear',
  },
  clear_session_runs: { mcp: true, rest: ['clear_session_runs'] },
  compare_runs: { mcp: true, graphql: ['analysisComparison'], rest: ['compare_runs'] },
  create_documentation: { mcp: true, graphql: ['createDocumentation'], rest: ['create_documentation'] },
  create_knowledge_file: { mcp: true, graphql: ['createKnowledgeFile'], rest: ['create_knowledge_file'], cli: 'knowledge create' },
  create_memory_candidate: { mcp: true, graphql: ['createMemoryCandidate'], rest: ['create_memory_candidate'] },
  delete_knowledge_file: { mcp: true, graphql: ['deleteKnowledgeFile'], rest: ['delete_knowledge_file'], cli: 'knowledge delete' },
  detect_stale_docs: { mcp: true, graphql: ['staleDocs'], rest: ['detect_stale_docs'] },
  enqueue_index: { rest: ['enqueue_index'], cli: 'enqueue' },
  evaluate_document_quality: {
    mcp: true,
    graphql: ['documentQuality'],
    rest: ['evaluate_document_quality', 'evaluate_document_quality_body'],
  },
  evaluate_gates: { mcp: true, graphql: ['analysisGates'], rest: ['evaluate_gates'] },
  export_sarif: { rest: ['export_sarif'] },
  file: { graphql: ['file'] },
  full_documentation: { mcp: true, graphql: ['fullDocumentation'], rest: ['full_documentation'], cli: 'docs-session start' },
  generate_document_draft: {
    mcp: true,
    graphql: ['generateDocumentDraft'],
    rest: ['generate_document_draft', 'generate_document_draft_body'],
  },
  generate_pr_summary: { mcp: true, graphql: ['analysisPrSummary'], rest: ['generate_pr_summary'] },
  generate_review_package: { mcp: true, graphql: ['reviewPackage'], rest: ['generate_review_package'] },
  get_baseline: { graphql: ['analysisBaseline'], rest: ['get_baseline'] },
  get_callees: { mcp: true, graphql: ['callees'], rest: ['get_callees'], cli: 'callees' },
  get_callers: { mcp: true, graphql: ['callers'], rest: ['get_callers'], cli: 'callers' },
  get_context_pack: { graphql: ['contextPack'], rest: ['get_context_pack'] },
  get_document_draft: { graphql: ['documentDraft'], rest: ['get_document_draft'] },
  get_documentation_status: { mcp: true, graphql: ['documentationStatus'], rest: ['get_documentation_status'], cli: 'docs-session status' },
  get_documents: { mcp: true, graphql: ['documents'], rest: ['get_documents'], cli: 'docs-for' },
  get_file_span: { mcp: true, graphql: ['fileSpan', 'resource'], rest: ['get_file_span', 'read_resource'], cli: 'read' },
  get_finding: { mcp: true, rest: ['get_finding'] },
  get_graph_neighborhood: { mcp: true, graphql: ['neighborhood'], rest: ['get_graph_neighborhood'], cli: 'neighborhood' },
  help: { mcp: true },
  get_index_job: { rest: ['get_index_job'] },
  get_knowledge_history: { graphql: ['knowledgeHistory'], rest: ['get_knowledge_history'], cli: 'knowledge history' },
  get_knowledge_links: { mcp: true, graphql: ['knowledgeLinks'], rest: ['get_knowledge_links'], cli: 'knowledge links' },
  get_memory: { mcp: true, graphql: ['memory'], rest: ['get_memory'], cli: 'memory get' },
  get_production_triage: { mcp: true, rest: ['get_production_triage'] },
  get_project_main: { mcp: true, graphql: ['knowledgeMain'], rest: ['get_project_main'], cli: 'knowledge show' },
  get_project_structure: { mcp: true, graphql: ['projectStructure'], rest: ['get_project_structure'], cli: 'tree' },
  get_related_tests: { mcp: true, graphql: ['relatedTests'], rest: ['get_related_tests'], cli: 'tests-for' },
  get_remediation: { mcp: true, rest: ['get_remediation'] },
  get_report_section: { mcp: true, rest: ['get_report_section'] },
  get_run_summary: { mcp: true, graphql: ['analysisRun'], rest: ['get_run_summary', 'get_run_summary_latest'] },
  get_symbol: { mcp: true, graphql: ['symbol', 'symbolNode'], rest: ['get_symbol'], cli: 'symbol' },
  import_project_knowledge: { graphql: ['importProjectKnowledge'], rest: ['import_project_knowledge'], cli: 'knowledge import' },
  index_repository: { mcp: true, cli: 'index' },
  list_analysis_runs: { graphql: ['analysisRuns'], rest: ['list_analysis_runs'] },
  list_audit: { rest: ['list_audit'], cli: 'audit list' },
  list_documentation_sessions: {
    mcp: true,
    graphql: ['documentationSessions'],
    rest: ['list_documentation_sessions'],
    cli: 'docs-session list',
  },
  list_findings: { mcp: true, rest: ['list_findings'] },
  list_hotspots: { mcp: true, rest: ['list_hotspots'] },
  list_index_jobs: { rest: ['list_index_jobs'], cli: 'jobs' },
  list_knowledge_chapters: { graphql: ['knowledgeChapters'], rest: ['list_knowledge_chapters'] },
  list_knowledge_files: { graphql: ['knowledgeFiles'], rest: ['list_knowledge_files'], cli: 'knowledge files' },
  list_reviewed_findings: { mcp: true, rest: ['list_reviewed_findings'] },
  mark_finding_reviewed: { mcp: true, rest: ['mark_finding_reviewed'] },
  provide_dependency_files: { mcp: true, graphql: ['provideDependencyFiles'], rest: ['provide_dependency_files'] },
  provide_thematic_groupings: {
    mcp: true,
    graphql: ['provideThematicGroupings'],
    rest: ['provide_thematic_groupings'],
    cli: 'docs-session group',
  },
  publish_document: { mcp: true, graphql: ['publishDocument'], rest: ['publish_document'] },
  archive_document: { mcp: true, graphql: ['archiveDocument'], rest: ['archive_document'] },
  create_pull_request: { mcp: true, graphql: ['createPullRequest'], rest: ['create_pull_request'] },
  repositories: { graphql: ['repositories'] },
  repository: { graphql: ['repository'] },
  restore_knowledge_file: { graphql: ['restoreKnowledgeFile'], rest: ['restore_knowledge_file'], cli: 'knowledge restore' },
  search_code: { mcp: true, graphql: ['searchCode'], rest: ['search_code', 'search_code_post'], cli: 'search' },
  search_knowledge: { mcp: true, graphql: ['knowledgeSearch'], rest: ['search_knowledge'], cli: 'knowledge search' },
  update_baseline: { rest: ['update_baseline'] },
  update_chapter: { mcp: true, graphql: ['updateKnowledgeChapter'], rest: ['update_chapter'], cli: 'knowledge update-chapter' },
  update_project_main: { mcp: true, graphql: ['updateProjectMain'], rest: ['update_project_main'], cli: 'knowledge update-main' },
  verify_claim: { mcp: true, graphql: ['verifyClaim'], rest: ['verify_claim'] },
  verify_documentation: { mcp: true, graphql: ['verifyDocumentation'], rest: ['verify_documentation'] },
};
