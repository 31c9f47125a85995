import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ThemeModeProvider, useThemeMode } from './theme-mode.tsx';

function Toggle() {
  const { mode, toggle } = useThemeMode();
  return <button onClick={toggle}>mode {mode}</button>;
}

describe('theme mode provider', () => {
  it('starts from the stored choice and stores every toggle', async () => {
    localStorage.setItem('theme_mode', 'dark');
    render(<ThemeModeProvider>{() => <Toggle />}</ThemeModeProvider>);
    await userEvent.click(screen.getByRole('button', { name: 'mode dark' }));
    expect(screen.getByRole('button', { name: 'mode light' })).toBeInTheDocument();
    expect(localStorage.getItem('theme_mode')).toBe('light');
  });
});
