import {
  LessonProgress,
  LessonProgressAnswer,
  LessonSlug,
  LessonsAnswer,
  Quiz,
  QuizAnswersBody,
  QuizResult,
  ReadLessonBody,
} from '@papertrade/domain';
import { findLesson, LESSONS } from '@papertrade/domain/lessons';
import { gradeQuiz, quizAnswerProblem, QUIZZES } from '@papertrade/domain/quizzes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import { requireUser, sessionUser } from '../auth/guard.ts';
import { listProgress, markRead, recordAttempt } from './lesson-progress.ts';

const SlugParams = z.object({ slug: LessonSlug });

function lessonOr404(slug: string) {
  const lesson = findLesson(slug);
  if (!lesson) throw notFound('LESSON_NOT_FOUND', `There is no lesson called "${slug}"`);
  return lesson;
}

function quizOr404(slug: string) {
  lessonOr404(slug);
  const questions = QUIZZES[slug];
  if (!questions?.length) throw notFound('QUIZ_NOT_FOUND', 'This lesson has no quiz');
  return questions;
}

/**
 * docs/api.md "Lessons and quizzes": the lessons (text in the domain package), their quizzes graded
 * here so the right answers never reach a client before it has answered, and each user's progress
 * (docs/decisions/027-lesson-quizzes-on-the-server.md). Progress belongs to the user, not to a
 * portfolio: any of the user's wallets reads and writes the same rows.
 */
export function lessonRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['lessons'];
  // The session is checked before the body is validated, so a visitor learns nothing about input rules.
  const guarded = { preValidation: requireUser };

  app.get(
    '/lessons',
    {
      schema: {
        tags,
        description:
          'Every lesson of /learn in order: slug (its stable id), title, minutes, hasQuiz.',
        response: { 200: LessonsAnswer },
      },
    },
    () =>
      LESSONS.map((l) => ({
        slug: l.slug,
        title: l.title,
        minutes: l.minutes,
        hasQuiz: (QUIZZES[l.slug]?.length ?? 0) > 0,
      })),
  );

  app.get(
    '/lessons/progress',
    {
      ...guarded,
      schema: {
        tags,
        description:
          "The caller's lessons read and quiz scores (best and last), in /learn's order; a lesson never " +
          'marked read nor quizzed has no entry.',
        response: { 200: LessonProgressAnswer },
      },
    },
    (request) => listProgress(ctx.db, sessionUser(request).id),
  );

  app.post(
    '/lessons/:slug/read',
    {
      ...guarded,
      schema: {
        tags,
        description:
          '{read: true} marks the lesson read (the first time is kept), {read: false} unread; quiz scores stay. ' +
          '404 LESSON_NOT_FOUND.',
        params: SlugParams,
        body: ReadLessonBody,
        response: { 200: LessonProgress },
      },
    },
    (request) => {
      const lesson = lessonOr404(request.params.slug);
      return markRead(ctx.db, sessionUser(request).id, lesson.slug, request.body.read, Date.now());
    },
  );

  app.get(
    '/lessons/:slug/quiz',
    {
      schema: {
        tags,
        description:
          "The lesson's questions and choices, without the right answers. 404 LESSON_NOT_FOUND, QUIZ_NOT_FOUND.",
        params: SlugParams,
        response: { 200: Quiz },
      },
    },
    (request) => ({
      questions: quizOr404(request.params.slug).map((q) => ({
        id: q.id,
        text: q.text,
        choices: q.choices,
      })),
    }),
  );

  app.post(
    '/lessons/:slug/quiz',
    {
      ...guarded,
      schema: {
        tags,
        description:
          'Grades one attempt: answers is one choice id per question, in order. Answers score, total, each ' +
          "question's right choice with its explanation, and the lesson's progress (best and last score, " +
          'attempts). Retries are allowed. 400 VALIDATION_ERROR (field answers or answers.N) when the count or ' +
          'a choice id is wrong; nothing is stored then.',
        params: SlugParams,
        body: QuizAnswersBody,
        response: { 200: QuizResult },
      },
    },
    async (request) => {
      const { slug } = request.params;
      const questions = quizOr404(slug);
      const { answers } = request.body;
      const problem = quizAnswerProblem(questions, answers);
      if (problem) {
        const field = problem.index === null ? 'answers' : `answers.${problem.index}`;
        throw badRequest('VALIDATION_ERROR', problem.message, field);
      }
      const { score, total, graded } = gradeQuiz(questions, answers);
      const progress = await recordAttempt(
        ctx.db,
        sessionUser(request).id,
        slug,
        { score, total, answers },
        Date.now(),
      );
      return { score, total, explanations: graded, progress };
    },
  );
}
