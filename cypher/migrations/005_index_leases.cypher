// One lease per repository: which run may write its snapshot, and until when.
CREATE CONSTRAINT index_lease_uid IF NOT EXISTS FOR (n:IndexLease) REQUIRE n.uid IS UNIQUE;
