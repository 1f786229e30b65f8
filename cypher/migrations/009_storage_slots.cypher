// A repository's elements may be in two storage slots at once while a re-index too large for one
// transaction is written beside the served graph (SnapshotWriter): a uid is unique within its slot
// (repoId), and still looked up alone (the snapshot writer's seeks, readers' lookups).
DROP CONSTRAINT file_uid IF EXISTS;
DROP CONSTRAINT symbol_uid IF EXISTS;
DROP CONSTRAINT document_uid IF EXISTS;
DROP CONSTRAINT section_uid IF EXISTS;
CREATE CONSTRAINT file_slot_uid IF NOT EXISTS FOR (n:File) REQUIRE (n.uid, n.repoId) IS UNIQUE;
CREATE CONSTRAINT symbol_slot_uid IF NOT EXISTS FOR (n:Symbol) REQUIRE (n.uid, n.repoId) IS UNIQUE;
CREATE CONSTRAINT document_slot_uid IF NOT EXISTS FOR (n:Document) REQUIRE (n.uid, n.repoId) IS UNIQUE;
CREATE CONSTRAINT section_slot_uid IF NOT EXISTS FOR (n:Section) REQUIRE (n.uid, n.repoId) IS UNIQUE;
CREATE INDEX file_uid_lookup IF NOT EXISTS FOR (n:File) ON (n.uid);
CREATE INDEX symbol_uid_lookup IF NOT EXISTS FOR (n:Symbol) ON (n.uid);
CREATE INDEX document_uid_lookup IF NOT EXISTS FOR (n:Document) ON (n.uid);
CREATE INDEX section_uid_lookup IF NOT EXISTS FOR (n:Section) ON (n.uid);
