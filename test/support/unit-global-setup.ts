import { isolateTestEnvironment } from './test-environment';

/** The unit tier starts no Neo4j, but its specs see the same isolated environment as the other tiers. */
export default function unitGlobalSetup(): void {
  isolateTestEnvironment();
}
