// Which steps `npm test` runs, and what a step that cannot run counts as. Apart from test.mjs so
// the rules can be tested without running the suite (test-steps.test.mjs).

/** The steps of `npm test`, in the order they run. */
export const STEPS = ['unit', 'pg', 'cluster', 'e2e'];

/**
 * The steps the arguments ask for: all of them without arguments, otherwise exactly those named
 * (`npm test -- unit e2e` leaves PostgreSQL and the cluster out on purpose). A name that is not a
 * step is an error, not a run of nothing that passes.
 */
export function selectSteps(args) {
  const unknown = args.filter((arg) => !STEPS.includes(arg));
  if (unknown.length > 0) {
    throw new Error(
      `Unknown test step ${unknown.map((u) => `"${u}"`).join(', ')}; the steps are: ${STEPS.join(', ')}`,
    );
  }
  return args.length === 0 ? [...STEPS] : STEPS.filter((step) => args.includes(step));
}

/**
 * A step that was asked for (or not left out) but cannot run, because a tool is missing: a
 * failure, on a laptop as in CI, so a green run always means every step ran. The note says how to
 * install the tool, or how to leave the step out on purpose.
 */
export function missingTool(label, installHint, step) {
  const others = STEPS.filter((s) => s !== step).join(' ');
  return {
    label,
    passed: 0,
    failed: 1,
    note: `${installHint}; or leave the step out on purpose: npm test -- ${others}`,
  };
}
