import { Quiz } from '@papertrade/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /lessons/:slug/quiz: questions and choices, never the right answers (graded on submit). */
export const quizQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.lessons.quiz(slug),
    queryFn: ({ signal }) =>
      api(`/lessons/${encodeURIComponent(slug)}/quiz`, { schema: Quiz, signal }),
    // The questions change only with a release.
    staleTime: Infinity,
  });

export function useQuiz(slug: string) {
  return useQuery(quizQueryOptions(slug));
}
