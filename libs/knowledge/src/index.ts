// The knowledge module. Each capability's service is a public entry of its own:
// import it from '@lore/knowledge/<capability>/<name>.service'.
export * from './knowledge.module';
// The one gate stage a door reaches: GraphQL charges a query's cost, which only it can compute, to the
// same rate limits and budgets as every operation.
export { LimitsStage } from './operations/stages/limits.stage';
