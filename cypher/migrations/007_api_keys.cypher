// API keys: one node per key, found by its id (the secret is never stored, only its digest).
CREATE CONSTRAINT api_key_id IF NOT EXISTS FOR (n:ApiKey) REQUIRE n.id IS UNIQUE;
