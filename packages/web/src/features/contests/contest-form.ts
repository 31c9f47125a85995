import {
  CreateContestBody,
  replayDuration,
  STARTING_BALANCE_USD,
  type ContestKind,
  type ContestVisibility,
  type FillModel,
} from '@papertrade/domain';
import { limitOf, NO_CLASS_RULES, type ClassRulesForm } from './class-rules-fields.tsx';

/** The rules a class's form sets; a limit that is not a whole number is the schema's to refuse. */
export function classRulesBody(form: ClassRulesForm) {
  const position = limitOf(form.maxPositionPercent);
  const trades = limitOf(form.maxTradesPerDay);
  return {
    maxPositionPercent: position === null ? null : Number.isNaN(position) ? 0.5 : position,
    maxTradesPerDay: trades === null ? null : Number.isNaN(trades) ? 0.5 : trades,
    requireNotes: form.requireNotes,
    rankBy: form.rankBy,
  };
}

/** What the create form holds: text as typed, so a half-typed number is not lost or reformatted. */
export interface ContestForm extends ClassRulesForm {
  name: string;
  description: string;
  kind: ContestKind;
  visibility: ContestVisibility;
  startingBalance: string;
  /** `datetime-local` values in the browser's time zone. */
  startsAt: string;
  endsAt: string;
  /** Empty: every asset. */
  allowedSymbols: string[];
  /** Empty: every order type. */
  orderTypes: string[];
  feeBps: string;
  feeMinUsd: string;
  /** And a class's rules (class-rules-fields.tsx): '' is no limit. */
  lessons: string[];
  /** LIVE, or REPLAY of imported history (docs/api.md, Replay contests). */
  priceSource: 'LIVE' | 'REPLAY';
  /** The replayed period, `datetime-local` values read as UTC: history is dated in UTC. */
  replayFrom: string;
  replayTo: string;
  replaySpeed: string;
  /** BOOK by default (docs/decisions/029-simulated-order-book.md). */
  fillModel: FillModel;
}

export type ContestField = keyof ContestForm;
export type ContestFormErrors = Partial<Record<ContestField, string>>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Two weeks: long enough for limit orders to matter, short enough to keep a class's attention. */
export const DEFAULT_LENGTH_MS = 14 * DAY_MS;
export const DEFAULT_STARTING_BALANCE = String(STARTING_BALANCE_USD);

/** A time as a `datetime-local` value (local time, to the minute). */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A time as a `datetime-local` value in UTC (the replayed period's fields). */
export function toUtcInput(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16);
}

/** A UTC `datetime-local` value back to ms; NaN when empty or not a date. */
export function fromUtcInput(text: string): number {
  return text ? new Date(`${text}Z`).getTime() : NaN;
}

/** A `datetime-local` value back to ms; NaN when empty or not a date. */
export function fromLocalInput(text: string): number {
  return text ? new Date(text).getTime() : NaN;
}

/**
 * Defaults that make a good contest as they stand: $100,000, starting now for two weeks, every
 * asset and order type, no fees, private (a host shares the link; public is a choice, not a
 * surprise).
 */
export function defaultContestForm(now: number): ContestForm {
  const start = Math.floor(now / 60_000) * 60_000;
  return {
    name: '',
    description: '',
    kind: 'CONTEST',
    visibility: 'PRIVATE',
    startingBalance: DEFAULT_STARTING_BALANCE,
    startsAt: toLocalInput(start),
    endsAt: toLocalInput(start + DEFAULT_LENGTH_MS),
    allowedSymbols: [],
    orderTypes: [],
    feeBps: '0',
    feeMinUsd: '0',
    lessons: [],
    priceSource: 'LIVE',
    replayFrom: '',
    replayTo: '',
    replaySpeed: '60',
    fillModel: 'BOOK',
    ...NO_CLASS_RULES,
  };
}

/**
 * "100,000" or "$100000.50" as a number of dollars; null when it is not a plain amount. More than
 * 2 decimals is the schema's to refuse (CreateContestBody: USD_DECIMALS_MESSAGE under the field).
 */
export function parseUsdText(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  return /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : null;
}

/**
 * The form as the POST /contests body, or the errors to show under each field. The limits are the
 * domain's (CreateContestBody), so the form and the server say the same thing. `now` catches a
 * start already past: a minute's grace, as the form's default start is "now" when it opened.
 */
export function contestBody(
  form: ContestForm,
  now: number,
):
  | { body: CreateContestBody; errors?: undefined }
  | { body?: undefined; errors: ContestFormErrors } {
  const errors: ContestFormErrors = {};
  const startingBalance = parseUsdText(form.startingBalance);
  if (startingBalance === null)
    errors.startingBalance = `Enter an amount in dollars, like ${STARTING_BALANCE_USD}`;
  const feeBps = Number(form.feeBps || '0');
  const feeMinUsd = parseUsdText(form.feeMinUsd || '0');
  if (feeMinUsd === null) errors.feeMinUsd = 'Enter an amount in dollars, like 1.50';
  const startsAt = fromLocalInput(form.startsAt);
  const endsAt = fromLocalInput(form.endsAt);
  if (Number.isNaN(startsAt)) errors.startsAt = 'Pick when the contest starts';
  else if (startsAt < now - 5 * 60_000) errors.startsAt = 'The start cannot be in the past';
  const replay =
    form.priceSource === 'REPLAY'
      ? {
          kind: 'REPLAY' as const,
          from: fromUtcInput(form.replayFrom),
          to: fromUtcInput(form.replayTo),
          speed: Number(form.replaySpeed),
        }
      : null;
  if (replay && (Number.isNaN(replay.from) || Number.isNaN(replay.to)))
    errors.priceSource = 'Pick the period to replay, from and to (UTC)';
  if (Number.isNaN(endsAt) && !replay) errors.endsAt = 'Pick when the contest ends';
  const candidate = {
    name: form.name,
    kind: form.kind,
    visibility: form.visibility,
    startingBalance: startingBalance ?? 0,
    startsAt: Number.isNaN(startsAt) ? 0 : startsAt,
    // A replay ends when its period is played (the server works it out the same way).
    endsAt:
      replay && !errors.priceSource && !Number.isNaN(startsAt)
        ? startsAt + replayDuration(replay)
        : Number.isNaN(endsAt)
          ? 0
          : endsAt,
    ...(replay && !errors.priceSource ? { priceSource: replay } : {}),
    ...(form.allowedSymbols.length > 0 ? { allowedSymbols: form.allowedSymbols } : {}),
    ...(form.orderTypes.length > 0 ? { orderTypes: form.orderTypes } : {}),
    feeBps: Number.isFinite(feeBps) ? feeBps : -1,
    feeMinUsd: feeMinUsd ?? 0,
    fillModel: form.fillModel,
    ...(form.description.trim() ? { description: form.description } : {}),
    ...(form.kind === 'CLASS' && form.lessons.length > 0 ? { lessons: form.lessons } : {}),
    ...(form.kind === 'CLASS' ? classRulesBody(form) : {}),
  };
  const parsed = CreateContestBody.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as ContestField | undefined;
      if (field && field in form && !errors[field]) errors[field] = issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { body: parsed.data };
}
