import { QuizResult } from '@papertrade/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { storeLessonProgress } from './get-lesson-progress.ts';

/** POST /lessons/:slug/quiz {answers}: the graded attempt with explanations and the new best/last. */
export function useSubmitQuiz(wallet: string, slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: string[]) =>
      api(`/lessons/${encodeURIComponent(slug)}/quiz`, {
        method: 'POST',
        body: { answers },
        wallet,
        schema: QuizResult,
      }),
    onSuccess: (result) => storeLessonProgress(queryClient, result.progress),
  });
}
