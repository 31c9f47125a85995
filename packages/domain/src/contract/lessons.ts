import { z } from 'zod';
import { Timestamp, WalletAddress } from './primitives.ts';

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

/**
 * GET /contests/:id/quiz-results (the owner of a CLASS): the class's quiz results per question
 * (docs/api.md, "Lessons and quizzes"), from each member's latest attempt, whose choices are kept.
 * The right choices are not given: a quiz's answer key stays on the server.
 */
export const ClassQuizResult = z.object({
  lesson: LessonSlug,
  title: z.string(),
  /** Per question, in the quiz's order: how many members' latest attempts got it right, of how many. */
  questions: z.array(
    z.object({
      id: z.string(),
      text: z.string(),
      right: z.number().int().nonnegative(),
      answered: z.number().int().nonnegative(),
    }),
  ),
  /** The members who took this quiz, by username. */
  members: z.array(
    z.object({
      walletAddress: WalletAddress,
      username: z.string(),
      bestScore: z.number().int().nonnegative(),
      lastScore: z.number().int().nonnegative(),
      attempts: z.number().int().nonnegative(),
      lastAttemptAt: Timestamp.nullable(),
      /** Per question of the latest attempt, whether it was right; empty when the quiz changed since. */
      right: z.array(z.boolean()),
    }),
  ),
});
export type ClassQuizResult = z.infer<typeof ClassQuizResult>;
export const ClassQuizResultsAnswer = z.array(ClassQuizResult);
