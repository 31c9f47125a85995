import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api.ts';
import { renderPage } from '../../test/render.tsx';
import { ClassRulesEditor } from './class-rules-editor.tsx';
import { makeContest } from './test-contest.ts';

afterEach(() => vi.unstubAllGlobals());

describe('ClassRulesEditor', () => {
  it('refuses a position limit under 10% under its field and saves the rules the teacher sets', async () => {
    const klass = makeContest({ id: 'k1', kind: 'CLASS' });
    const api = mockApi((r) =>
      r.method === 'PATCH' && r.path === '/contests/k1'
        ? { body: { ...klass, maxPositionPercent: 25, requireNotes: true } }
        : undefined,
    );
    renderPage(<ClassRulesEditor contest={klass} wallet={klass.ownerWallet} />);
    const position = screen.getByRole('textbox', { name: /Largest position/ });
    await userEvent.type(position, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(await screen.findByText('The position limit must be at least 10%')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);

    await userEvent.clear(position);
    await userEvent.type(position, '25');
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Ask for a note with every order' }),
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Sharpe ratio' }));
    await userEvent.click(screen.getByRole('radio', { name: /^Ideal/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(await screen.findByText(/Rules saved/)).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      maxPositionPercent: 25,
      maxTradesPerDay: null,
      requireNotes: true,
      rankBy: 'SHARPE',
      fillModel: 'IDEAL',
    });
  });
});
