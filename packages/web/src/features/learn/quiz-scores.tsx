import type { LessonProgress } from '@papertrade/domain';
import { Typography } from '@mui/material';

/** "Best 3 of 3 · last 2 of 3 · 2 attempts", or that the quiz was not taken yet. */
export function quizScoresText(progress: LessonProgress | undefined): string {
  if (!progress || progress.attempts === 0 || progress.total === null) return 'Not taken yet';
  const attempts = progress.attempts === 1 ? '1 attempt' : `${progress.attempts} attempts`;
  return `Best ${progress.bestScore} of ${progress.total} · last ${progress.lastScore} of ${progress.total} · ${attempts}`;
}

export function QuizScores({ progress }: { progress: LessonProgress | undefined }) {
  return (
    <Typography variant="body2" color="text.secondary" aria-label="Quiz scores">
      {quizScoresText(progress)}
    </Typography>
  );
}
