import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QuizResultCard, rightText } from './class-quiz-results.tsx';

const result = {
  lesson: 'limit-orders',
  title: 'Limit orders',
  questions: [
    { id: 'q1', text: 'When does a buy limit fill?', right: 2, answered: 3 },
    { id: 'q2', text: 'What does it reserve?', right: 0, answered: 3 },
  ],
  members: [
    {
      walletAddress: '0x' + 'a'.repeat(40),
      username: 'ann',
      bestScore: 2,
      lastScore: 1,
      attempts: 2,
      lastAttemptAt: 1_700_000_000_000,
      right: [true, false],
    },
  ],
};

describe('class quiz results', () => {
  it('a question reads how many of the members who answered it got it right', () => {
    expect(rightText(2, 3)).toBe('2 of 3 (67 %)');
    expect(rightText(0, 0)).toBe('Not answered yet');
  });

  it("the teacher's card lists each question's right answers and each member's scores", () => {
    render(<QuizResultCard result={result} />);
    const questions = screen.getByRole('table', {
      name: 'Limit orders: right answers per question',
    });
    const rows = within(questions).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('When does a buy limit fill?2 of 3 (67 %)');
    expect(rows[2]).toHaveTextContent('0 of 3 (0 %)');
    const scores = screen.getByRole('table', { name: "Limit orders: members' scores" });
    expect(within(scores).getAllByRole('row')[1]).toHaveTextContent('ann1/22/22Q1 right, Q2 wrong');
    expect(screen.getByText(/1 member took it/)).toBeInTheDocument();
  });
});
