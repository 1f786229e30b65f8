// Project knowledge linked to the code: one KnowledgeChapter per chapter of a knowledge document, per
// tenant and project, with ABOUT relationships to the symbols and files it names. Looked up by uid
// (a write replaces a document's chapters) and by the repositories a chapter is linked against (an
// index of one of them re-links its chapters).
CREATE CONSTRAINT knowledge_chapter_uid IF NOT EXISTS FOR (n:KnowledgeChapter) REQUIRE (n.tenantId, n.uid) IS UNIQUE;
CREATE INDEX knowledge_chapter_document IF NOT EXISTS FOR (n:KnowledgeChapter) ON (n.tenantId, n.projectId, n.filename);
