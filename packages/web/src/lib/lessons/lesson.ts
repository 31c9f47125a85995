import { BASIC_LESSONS } from './lessons-basics.ts';
import { ORDER_LESSONS } from './lessons-orders.ts';
import { RISK_LESSONS } from './lessons-risk.ts';

export interface Lesson {
  slug: string;
  title: string;
  summary: string;
  sections: string[];
  /** Ends the lesson with "Try it": the trade panel opened on that kind of order (try-it.ts). */
  tryIt?: TryItOrder;
}

export type TryItOrder = 'STOP_LOSS' | 'TAKE_PROFIT' | 'TRAILING_STOP';

export const LESSONS: Lesson[] = [...BASIC_LESSONS, ...RISK_LESSONS, ...ORDER_LESSONS];

/** Progress lives in the user's settings map as `lesson:<slug>: true` (docs/pages.md). */
export const lessonSettingKey = (slug: string) => `lesson:${slug}`;

/** Shared with contests (a class points its members to lessons and shows their read state). */
export const isLessonRead = (settings: Record<string, unknown>, slug: string) =>
  settings[lessonSettingKey(slug)] === true;

export function findLesson(slug: string): Lesson | undefined {
  return LESSONS.find((l) => l.slug === slug);
}
