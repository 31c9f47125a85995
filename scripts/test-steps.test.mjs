import { describe, expect, it } from 'vitest';
import { missingTool, selectSteps, STEPS } from './test-steps.mjs';

describe('npm test steps', () => {
  it('without arguments every step runs, PostgreSQL and the cluster included', () => {
    expect(selectSteps([])).toEqual(STEPS);
    expect(selectSteps([])).toEqual(expect.arrayContaining(['pg', 'cluster']));
  });

  it('naming steps runs only those, in the suite order: the others are left out on purpose', () => {
    expect(selectSteps(['e2e', 'unit'])).toEqual(['unit', 'e2e']);
  });

  it('an unknown step is an error, not a run of nothing that passes', () => {
    expect(() => selectSteps(['unit', 'postgres'])).toThrow(/Unknown test step "postgres"/);
  });

  it('a step that cannot run for a missing tool fails the run, in CI or not, and says how to install it or leave it out', () => {
    for (const ci of [undefined, 'true']) {
      const before = process.env.CI;
      if (ci === undefined) delete process.env.CI;
      else process.env.CI = ci;
      const result = missingTool(
        'server on PostgreSQL (no PostgreSQL)',
        'Install it with: apt-get install -y postgresql',
        'pg',
      );
      if (before === undefined) delete process.env.CI;
      else process.env.CI = before;
      expect(result.failed).toBe(1);
      expect(result.note).toContain('apt-get install -y postgresql');
      expect(result.note).toContain('npm test -- unit cluster e2e');
    }
  });
});
