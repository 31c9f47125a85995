/** Web-only display helpers; the spec's rules themselves live in @papertrade/domain. */
const shareCount = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 4,
  maximumFractionDigits: 8,
});

/** A traded share count: 4 decimals like a holding, more when needed so small fills never read 0. */
export function formatShareCount(shares: number): string {
  return shareCount.format(shares);
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatDateTime(timestamp: number): string {
  return dateTime.format(timestamp);
}
