import { ClassQuizResultsAnswer } from '@papertrade/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * GET /contests/:id/quiz-results (the class's teacher): each quiz's results per question
 * (docs/api.md, "Lessons and quizzes"). Refetched when /live says a member's progress moved
 * (live-connection.ts), like the assignments table.
 */
export const classQuizResultsQueryOptions = (id: string, wallet: string) =>
  queryOptions({
    queryKey: queryKeys.contests.quizResults(id),
    queryFn: ({ signal }) =>
      api(`/contests/${encodeURIComponent(id)}/quiz-results`, {
        schema: ClassQuizResultsAnswer,
        wallet,
        signal,
      }),
  });

export function useClassQuizResults(id: string, wallet: string) {
  return useQuery(classQuizResultsQueryOptions(id, wallet));
}
