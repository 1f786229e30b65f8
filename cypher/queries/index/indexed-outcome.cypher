// What the last complete run of a storage slot made, if it was made from these inputs (a digest of
// everything its snapshot is made from, see runInputs) and no transaction has written the slot since
// (its stamp is the one that run left). No row: the run has its work to do.
MATCH (r:Repository {uid: $slotUid, tenantId: $tenantId})
WHERE r.commitSha IS NOT NULL AND r.exactCallsPending IS NULL
  AND r.runInputs = $inputs AND r.runInputsVersion = r.snapshotVersion
RETURN r.runOutcome AS outcome
