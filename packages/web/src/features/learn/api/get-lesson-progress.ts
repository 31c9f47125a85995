import { LessonProgressAnswer, type LessonProgress } from '@papertrade/domain';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const lessonProgressQueryKey = queryKeys.lessons.progress;

/** GET /lessons/progress: the user's lessons read and quiz scores (the user's, not a portfolio's). */
export const lessonProgressQueryOptions = (wallet: string) =>
  queryOptions({
    queryKey: lessonProgressQueryKey,
    queryFn: ({ signal }) =>
      api('/lessons/progress', { schema: LessonProgressAnswer, wallet, signal }),
  });

export function useLessonProgress(wallet: string) {
  return useQuery(lessonProgressQueryOptions(wallet));
}

/** One lesson's entry replaced by what the server answered, so the list needs no second read. */
export function storeLessonProgress(queryClient: QueryClient, entry: LessonProgress): void {
  queryClient.setQueryData<LessonProgress[]>(lessonProgressQueryKey, (list) =>
    list ? [...list.filter((p) => p.slug !== entry.slug), entry] : list,
  );
}

/** A lesson's entry from the list, or undefined when never read nor quizzed. */
export const progressOf = (list: readonly LessonProgress[] | undefined, slug: string) =>
  list?.find((p) => p.slug === slug);
