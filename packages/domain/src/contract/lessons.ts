import { z } from 'zod';
import { Timestamp } from './primitives.ts';

/** docs/api.md "Lessons and quizzes": the wire shapes of /lessons, its quizzes and a user's progress. */

export const LessonSlug = z.string().min(1).max(80);

export const LessonSummary = z.object({
  slug: LessonSlug,
  title: z.string(),
  minutes: z.number().int().positive(),
  hasQuiz: z.boolean(),
});
export type LessonSummary = z.infer<typeof LessonSummary>;
export const LessonsAnswer = z.array(LessonSummary);

/** A quiz as the client gets it before answering: no right answers, no explanations. */
export const Quiz = z.object({
  questions: z.array(
    z.object({
      id: z.string(),
      text: z.string(),
      choices: z.array(z.object({ id: z.string(), text: z.string() })),
    }),
  ),
});
export type Quiz = z.infer<typeof Quiz>;

/** At most this many answers in one attempt: more than any quiz has, so a longer list is a mistake. */
export const QUIZ_ANSWERS_MAX = 20;

export const QuizAnswersBody = z.object({
  /** One choice id per question, in the quiz's order. */
  answers: z.array(z.string().min(1).max(8)).min(1).max(QUIZ_ANSWERS_MAX),
});
export type QuizAnswersBody = z.infer<typeof QuizAnswersBody>;

/** A user's reading and quiz state of one lesson; a lesson never opened has none. */
export const LessonProgress = z.object({
  slug: LessonSlug,
  /** When the user marked it read; null when unread. */
  readAt: Timestamp.nullable(),
  /** Questions right in the best and in the latest attempt; null before the first. */
  bestScore: z.number().int().nonnegative().nullable(),
  lastScore: z.number().int().nonnegative().nullable(),
  /** The quiz's question count when last taken; null before the first attempt. */
  total: z.number().int().positive().nullable(),
  attempts: z.number().int().nonnegative(),
  lastAttemptAt: Timestamp.nullable(),
});
export type LessonProgress = z.infer<typeof LessonProgress>;
export const LessonProgressAnswer = z.array(LessonProgress);

export const QuizResult = z.object({
  score: z.number().int().nonnegative(),
  total: z.number().int().positive(),
  /** Per question, in order: what was chosen, whether it was right, the right choice and why. */
  explanations: z.array(
    z.object({
      questionId: z.string(),
      chosen: z.string(),
      correct: z.boolean(),
      answer: z.string(),
      explanation: z.string(),
    }),
  ),
  /** The lesson's progress after this attempt (best and last score, attempts). */
  progress: LessonProgress,
});
export type QuizResult = z.infer<typeof QuizResult>;

export const ReadLessonBody = z.object({ read: z.boolean() });
export type ReadLessonBody = z.infer<typeof ReadLessonBody>;
