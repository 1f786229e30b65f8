// Full-text over names, pre-split name tokens (the analyzer does not split camelCase), qualified
// names and doc comments.
CREATE FULLTEXT INDEX symbol_text IF NOT EXISTS FOR (n:Symbol) ON EACH [n.name, n.nameTokens, n.qualifiedName, n.doc];
