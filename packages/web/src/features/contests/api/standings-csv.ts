/** GET /contests/:id/standings.csv (owner): a plain link, so the browser saves the file itself. */
export const standingsCsvPath = (id: string) => `/contests/${encodeURIComponent(id)}/standings.csv`;
