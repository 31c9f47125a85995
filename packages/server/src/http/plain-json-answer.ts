/**
 * Route option for answers the server builds field by field from its own rows (the User record
 * of every trade answer): their response schema still documents them (OpenAPI), but checking
 * 20-60 KB against it again on every order cost about a tenth of an order's server time in the
 * bench:orders profile. What the check guarded (no field beyond the contract, the
 * right types) is asserted by a test instead: trade-answer-shape.test.ts parses every such
 * answer with its schema and requires the result to equal the answer, so an extra or
 * mistyped field fails there rather than being stripped here.
 */
export const plainJsonAnswer = {
  serializerCompiler: () => (data: unknown) => JSON.stringify(data),
} as const;
