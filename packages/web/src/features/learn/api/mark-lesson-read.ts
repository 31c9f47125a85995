import { LessonProgress } from '@papertrade/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { storeLessonProgress } from './get-lesson-progress.ts';

/** POST /lessons/:slug/read: {read: true} or {read: false}; answers the lesson's progress. */
export function useMarkLessonRead(wallet: string, slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (read: boolean) =>
      api(`/lessons/${encodeURIComponent(slug)}/read`, {
        method: 'POST',
        body: { read },
        wallet,
        schema: LessonProgress,
      }),
    onSuccess: (entry) => storeLessonProgress(queryClient, entry),
  });
}
