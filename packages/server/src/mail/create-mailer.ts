import type { Config } from '../config.ts';
import type { Mailer } from './mailer.ts';

export function createMailer(_config: Config): Mailer {
  return { send: () => Promise.resolve() };
}
