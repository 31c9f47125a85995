import { ORDER_QUIZZES } from './quizzes-orders.ts';
import { BASIC_QUIZZES } from './quizzes-basics.ts';
import { RISK_QUIZZES } from './quizzes-risk.ts';
import { MARKET_QUIZZES } from './quizzes-market.ts';
import type { QuizQuestion } from './quiz.ts';

export type { QuizChoice, QuizQuestion } from './quiz.ts';

/**
 * `@papertrade/domain/quizzes`: every lesson's quiz by lesson slug, with its answer key. Kept out
 * of the package's main entry so the web app's bundle never carries the answers
 * (docs/decisions/027-lesson-quizzes-on-the-server.md).
 */
export const QUIZZES: Readonly<Record<string, readonly QuizQuestion[]>> = {
  ...BASIC_QUIZZES,
  ...RISK_QUIZZES,
  ...ORDER_QUIZZES,
  ...MARKET_QUIZZES,
};

export interface GradedQuestion {
  questionId: string;
  chosen: string;
  correct: boolean;
  answer: string;
  explanation: string;
}

/**
 * One attempt: `answers` holds one choice id per question, in the quiz's order (the caller checks
 * the count and the ids first, see quizAnswerProblem).
 */
export function gradeQuiz(questions: readonly QuizQuestion[], answers: readonly string[]) {
  const graded: GradedQuestion[] = questions.map((q, i) => {
    const chosen = answers[i] ?? '';
    return {
      questionId: q.id,
      chosen,
      correct: chosen === q.answer,
      answer: q.answer,
      explanation: q.explanation,
    };
  });
  return { score: graded.filter((g) => g.correct).length, total: questions.length, graded };
}

/** Why these answers cannot be graded, with the index of the bad one; null when they can. */
export function quizAnswerProblem(
  questions: readonly QuizQuestion[],
  answers: readonly string[],
): { index: number | null; message: string } | null {
  if (answers.length !== questions.length)
    return {
      index: null,
      message: `Answer every question: the quiz has ${questions.length} and ${answers.length} came`,
    };
  const bad = answers.findIndex((a, i) => !questions[i]?.choices.some((c) => c.id === a));
  if (bad >= 0)
    return { index: bad, message: `Question ${bad + 1} has no choice "${answers[bad]}"` };
  return null;
}
