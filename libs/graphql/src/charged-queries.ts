import type { ApolloDriverConfig } from '@nestjs/apollo';
import { GraphQLError } from 'graphql';
import { currentCallContext, principalOf, type RequestWithPrincipal } from '@lore/access';
import { ToolBudgetExceededError } from '@lore/domain';
import type { LimitsStage } from '@lore/knowledge';
import { operationCost } from './query-limits';

/**
 * GraphQL queries count against the caller's tool budgets like tool calls (issue 19), so that nested
 * explorer fields, which no operation gates, are not free: a query is refused with
 * tool_budget_exceeded before it runs once a budget is spent, and its cost is counted once answered
 * (as a tool call's output is: the query that crosses a budget is answered, the next is refused).
 */
export function chargeQueryCost(limits: LimitsStage): NonNullable<ApolloDriverConfig['plugins']>[number] {
  return {
    async requestDidStart({ contextValue }) {
      const req = (contextValue as { req?: RequestWithPrincipal }).req;
      let cost = 0;
      return {
        async didResolveOperation({ schema, document, operation }) {
          // A caller who could not be known is refused by every root field, with why.
          if (!req || req.principalError || !operation) return;
          try {
            limits.admitQuery(principalOf(req), currentCallContext());
          } catch (error) {
            // Refused before it runs: the HTTP status other doors give (an error here would be a 500).
            if (error instanceof ToolBudgetExceededError)
              throw new GraphQLError(error.message, { originalError: error, extensions: { http: { status: 429 } } });
            throw error;
          }
          cost = operationCost(schema, document, operation);
        },
        async willSendResponse() {
          if (req && !req.principalError && cost > 0) limits.recordQueryCost(principalOf(req), currentCallContext(), cost);
        },
      };
    },
  };
}
