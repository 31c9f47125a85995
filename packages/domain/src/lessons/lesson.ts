import { BASIC_LESSONS } from './lessons-basics.ts';
import { MARKET_LESSONS } from './lessons-market.ts';
import { ORDER_LESSONS } from './lessons-orders.ts';
import { RISK_LESSONS } from './lessons-risk.ts';

/**
 * A lesson of /learn. The text lives here, shared by the web app (which shows it) and the server
 * (which lists the lessons, grades their quizzes and keeps what each user read). The quizzes'
 * right answers are elsewhere, in `@papertrade/domain/quizzes`, which only the server imports
 * (docs/decisions/027-lesson-quizzes-on-the-server.md). Slugs are stable ids: classes store them.
 * Imported as `@papertrade/domain/lessons`, not through the package's main entry: the web app's
 * chunk that every signed-in page loads imports that entry, and would carry the lessons' text.
 */
export interface Lesson {
  slug: string;
  title: string;
  summary: string;
  /** About how long a first reading takes, quiz included. */
  minutes: number;
  sections: string[];
  /**
   * Ends the lesson with "Try it": the trade panel opened on that kind of order, or BOOK_WALK: a
   * large market buy of a thin coin placed from the lesson, which then shows the levels it took.
   */
  tryIt?: TryItOrder | 'BOOK_WALK';
}

export type TryItOrder = 'STOP_LOSS' | 'TAKE_PROFIT' | 'TRAILING_STOP';

export const LESSONS: readonly Lesson[] = [
  ...BASIC_LESSONS,
  ...RISK_LESSONS,
  ...ORDER_LESSONS,
  ...MARKET_LESSONS,
];

export function findLesson(slug: string): Lesson | undefined {
  return LESSONS.find((l) => l.slug === slug);
}
