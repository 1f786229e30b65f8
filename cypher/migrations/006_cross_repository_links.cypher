// Links between repositories (CALLS, EXTENDS, IMPLEMENTS and IMPORTS with crossRepository: true) are
// found through these indexes: linking a repository never reads all of its relationships.
CREATE INDEX calls_cross_repository IF NOT EXISTS FOR ()-[e:CALLS]-() ON (e.crossRepository);
CREATE INDEX extends_cross_repository IF NOT EXISTS FOR ()-[e:EXTENDS]-() ON (e.crossRepository);
CREATE INDEX implements_cross_repository IF NOT EXISTS FOR ()-[e:IMPLEMENTS]-() ON (e.crossRepository);
CREATE INDEX imports_cross_repository IF NOT EXISTS FOR ()-[e:IMPORTS]-() ON (e.crossRepository);
