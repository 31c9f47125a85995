import type { ZodType } from 'zod';
import { ApiError } from '../../../lib/api-client.ts';

export type FieldErrors = Partial<Record<string, string>>;

/** The first message per field of a failed zod check: the contract's own rules, client-side. */
export function validate<T>(schema: ZodType<T>, value: unknown): { data?: T; errors: FieldErrors } {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return { errors };
}

/** A server error that names a field also shows under that field. */
export function serverFieldError(error: unknown): FieldErrors {
  return error instanceof ApiError && error.field ? { [error.field]: error.message } : {};
}
