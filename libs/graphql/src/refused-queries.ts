import type { ApolloDriverConfig } from '@nestjs/apollo';
import type { Request } from 'express';
import type { RefusedRequests } from '@lore/access';

/**
 * Reports the GraphQL requests refused before any resolver ran (a query that does not parse, or that
 * fails validation: an unknown field, past the depth, alias or cost limits) to the audit, as the
 * other doors report theirs: such a request reaches no operation, so the gate never sees it.
 */
export function auditRefusedQueries(refused: RefusedRequests): NonNullable<ApolloDriverConfig['plugins']>[number] {
  return {
    async requestDidStart({ contextValue }) {
      const req = (contextValue as { req?: Request }).req;
      const report = (errors: unknown): void => {
        if (req && errors && (!Array.isArray(errors) || errors.length > 0)) refused.report(req, 400, 'invalid_input');
      };
      return {
        async parsingDidStart() {
          return async (error) => report(error);
        },
        async validationDidStart() {
          return async (errors) => report(errors);
        },
      };
    },
  };
}
