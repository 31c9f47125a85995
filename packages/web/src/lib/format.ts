/** Web-only display helpers; the number rules themselves live in @papertrade/domain (format.ts). */
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatDateTime(timestamp: number): string {
  return dateTime.format(timestamp);
}
