// The KnowledgeChapter nodes of a tenant ($tenantId) as they were written: those of one project
// ($projectId; null for any) and file ($filename; null for any), or those linked against a repository
// ($repositoryId; null for any), by project, file and chapter.
// Example (cypher-shell): :param tenantId => 'default'; :param projectId => null; :param filename => null;
//   :param repositoryId => 'order-service'
MATCH (chapter:KnowledgeChapter {tenantId: $tenantId})
WHERE ($projectId IS NULL OR chapter.projectId = $projectId)
  AND ($filename IS NULL OR chapter.filename = $filename)
  AND ($repositoryId IS NULL OR $repositoryId IN chapter.repositoryIds)
RETURN chapter.uid AS uid, chapter.projectId AS projectId, chapter.filename AS filename, chapter.chapter AS chapter,
       chapter.uri AS uri, chapter.textHash AS textHash, chapter.knowledgeCommit AS knowledgeCommit,
       chapter.repositoryIds AS repositoryIds, chapter.links AS links, chapter.unresolved AS unresolved
ORDER BY projectId, filename, chapter, uid
