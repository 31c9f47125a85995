import type { LessonProgress, QuizResult } from '@papertrade/domain';
import { LESSONS } from '@papertrade/domain/lessons';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/fixtures.ts';
import { mockApi, type MockRequest } from '../../test/mock-api.ts';
import { renderRoutes, testQueryClient } from '../../test/render.tsx';
import LearnPage from './learn-page.tsx';

// Clicking through a form takes seconds on a loaded machine (2 shared cores).
const LONG = { timeout: 20_000 };

afterEach(() => vi.unstubAllGlobals());

const SLUG = 'market-orders';
const QUIZ = {
  questions: [
    {
      id: 'q1',
      text: 'What does a market order guarantee?',
      choices: [
        { id: 'a', text: 'The price you saw' },
        { id: 'b', text: 'That it fills now' },
      ],
    },
    {
      id: 'q2',
      text: 'You buy $100 of a coin priced at $50. How many units?',
      choices: [
        { id: 'a', text: '0.5' },
        { id: 'b', text: '2' },
      ],
    },
  ],
};

const entry = (over: Partial<LessonProgress>): LessonProgress => ({
  slug: SLUG,
  readAt: null,
  bestScore: null,
  lastScore: null,
  total: null,
  attempts: 0,
  lastAttemptAt: null,
  ...over,
});

/** A server that grades q1 = b, q2 = b and keeps best and last, like the real one. */
function fakeServer(start: LessonProgress[] = [], extra?: (r: MockRequest) => undefined | object) {
  let progress = [...start];
  const put = (e: LessonProgress) => {
    progress = [...progress.filter((p) => p.slug !== e.slug), e];
    return e;
  };
  const api = mockApi((r) => {
    const more = extra?.(r);
    if (more) return more;
    if (r.path === '/all-assets') return { body: [] };
    if (r.path === '/lessons/progress') return { body: progress };
    if (r.path === `/lessons/${SLUG}/quiz` && r.method === 'GET') return { body: QUIZ };
    if (r.path === `/lessons/${SLUG}/read`) {
      const read = (r.body as { read: boolean }).read;
      const old = progress.find((p) => p.slug === SLUG) ?? entry({});
      return { body: put({ ...old, readAt: read ? 5 : null }) };
    }
    if (r.path === `/lessons/${SLUG}/quiz` && r.method === 'POST') {
      const answers = (r.body as { answers: string[] }).answers;
      const correct = answers.map((a) => a === 'b');
      const score = correct.filter(Boolean).length;
      const old = progress.find((p) => p.slug === SLUG) ?? entry({});
      const result: QuizResult = {
        score,
        total: 2,
        explanations: QUIZ.questions.map((q, i) => ({
          questionId: q.id,
          chosen: answers[i] ?? '',
          correct: correct[i] ?? false,
          answer: 'b',
          explanation: `Because ${q.id} is so.`,
        })),
        progress: put({
          ...old,
          bestScore: Math.max(old.bestScore ?? 0, score),
          lastScore: score,
          total: 2,
          attempts: old.attempts + 1,
          lastAttemptAt: 9,
        }),
      };
      return { body: result };
    }
    return undefined;
  });
  return api;
}

function renderLearn(path: string) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(['session'], makeUser());
  return renderRoutes([{ path: '/learn', element: <LearnPage /> }], path, queryClient);
}

describe('/learn', LONG, () => {
  it('the list shows what the server says was read and the best quiz score', async () => {
    fakeServer([entry({ readAt: 1, bestScore: 2, lastScore: 1, total: 2, attempts: 2 })]);
    renderLearn('/learn');
    expect(await screen.findByText(`1 of ${LESSONS.length} lessons read`)).toBeInTheDocument();
    const item = screen.getByRole('link', { name: /2\. Market orders/ });
    expect(within(item).getByText('Read')).toBeInTheDocument();
    expect(within(item).getByLabelText('Best quiz score 2 of 2')).toBeInTheDocument();
    expect(
      within(screen.getByRole('link', { name: /1\. What paper trading is/ })).getByText('Unread'),
    ).toBeInTheDocument();
  });

  it('a progress that fails to load says why and offers a retry', async () => {
    let fail = true;
    fakeServer([], (r) =>
      r.path === '/lessons/progress' && fail
        ? { status: 503, body: { error: 'Down for a moment', code: 'UNAVAILABLE' } }
        : undefined,
    );
    renderLearn('/learn');
    expect(await screen.findByText('Down for a moment')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(`0 of ${LESSONS.length} lessons read`)).toBeInTheDocument();
  });

  it('marking a lesson read tells the server and turns the button into Mark as unread', async () => {
    const api = fakeServer();
    renderLearn(`/learn?lesson=${SLUG}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as read' }));
    expect(await screen.findByRole('button', { name: 'Mark as unread' })).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === `/lessons/${SLUG}/read`)?.body).toEqual({ read: true });
  });

  it('a quiz taken, failed once and retried shows the explanations and the best and last scores', async () => {
    const api = fakeServer();
    renderLearn(`/learn?lesson=${SLUG}`);
    const quiz = await screen.findByRole('region', { name: 'Quiz' });
    expect(within(quiz).getByText('Not taken yet')).toBeInTheDocument();
    // The client never had the right answers: it sends the choices and shows what comes back.
    await userEvent.click(await within(quiz).findByRole('radio', { name: 'The price you saw' }));
    await userEvent.click(within(quiz).getByRole('radio', { name: '2' }));
    await userEvent.click(within(quiz).getByRole('button', { name: 'Check answers' }));
    expect(
      await within(quiz).findByRole('heading', { name: 'You got 1 of 2 right' }),
    ).toHaveFocus();
    const explained = within(quiz).getByRole('list', { name: 'Answers explained' });
    expect(explained).toHaveTextContent('Wrong: you chose “The price you saw”');
    expect(explained).toHaveTextContent('The right answer: “That it fills now”');
    expect(explained).toHaveTextContent('Because q1 is so.');
    expect(within(quiz).getByText('Best 1 of 2 · last 1 of 2 · 1 attempt')).toBeInTheDocument();

    await userEvent.click(within(quiz).getByRole('button', { name: 'Try again' }));
    expect(within(quiz).getByRole('radio', { name: 'The price you saw' })).not.toBeChecked();
    await userEvent.click(within(quiz).getByRole('radio', { name: 'That it fills now' }));
    await userEvent.click(within(quiz).getByRole('radio', { name: '2' }));
    await userEvent.click(within(quiz).getByRole('button', { name: 'Check answers' }));
    expect(await within(quiz).findByText('You got 2 of 2 right')).toBeInTheDocument();
    expect(within(quiz).getByText('Best 2 of 2 · last 2 of 2 · 2 attempts')).toBeInTheDocument();
    const sent = api.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/quiz'));
    expect(sent.map((c) => c.body)).toEqual([{ answers: ['a', 'b'] }, { answers: ['b', 'b'] }]);
  });

  it('a question left unanswered is named and nothing is sent', async () => {
    const api = fakeServer();
    renderLearn(`/learn?lesson=${SLUG}`);
    const quiz = await screen.findByRole('region', { name: 'Quiz' });
    await userEvent.click(await within(quiz).findByRole('radio', { name: 'That it fills now' }));
    await userEvent.click(within(quiz).getByRole('button', { name: 'Check answers' }));
    expect(within(quiz).getByText('Answer question 2 to check your answers.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('the quiz can be answered with the keyboard alone', async () => {
    const api = fakeServer();
    renderLearn(`/learn?lesson=${SLUG}`);
    const quiz = await screen.findByRole('region', { name: 'Quiz' });
    const first = await within(quiz).findByRole('radio', { name: 'The price you saw' });
    first.focus();
    // Arrow keys move within a question's choices; Tab goes to the next question.
    await userEvent.keyboard('{ArrowDown}');
    expect(within(quiz).getByRole('radio', { name: 'That it fills now' })).toBeChecked();
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(await within(quiz).findByText('You got 2 of 2 right')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ answers: ['b', 'b'] });
  });

  it('a quiz that fails to load says why and offers a retry', async () => {
    let fail = true;
    fakeServer([], (r) =>
      r.path === `/lessons/${SLUG}/quiz` && fail
        ? { status: 503, body: { error: 'Quiz unavailable', code: 'UNAVAILABLE' } }
        : undefined,
    );
    renderLearn(`/learn?lesson=${SLUG}`);
    const quiz = await screen.findByRole('region', { name: 'Quiz' });
    expect(await within(quiz).findByText('Quiz unavailable')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(quiz).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(within(quiz).getByRole('radio', { name: 'That it fills now' })).toBeInTheDocument(),
    );
  });
});
