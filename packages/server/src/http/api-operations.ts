/**
 * What /openapi.json says of each operation beyond its zod schemas: its operationId, summary and
 * tag, the error statuses it can answer besides the ones every operation of its kind can (api-docs.ts
 * adds 400 for any input, 401 and 403 when signed in, 404 for a path id, 413 for a body), who may
 * call it when its guard does not say, and the success answer of a route with no response schema
 * (204s, CSV, images) and the multipart body of an upload. Keyed by method and path as the
 * document writes them. A route missing here still appears, with a made-up id and no summary, and
 * the document test fails on it.
 */
export interface OperationDoc {
  operationId: string;
  summary: string;
  /** The tag when the route itself names none. */
  tag?: string;
  /** Error statuses beyond the derived ones (409 state conflicts, 429 limits, ...). */
  errors?: number[];
  /**
   * Who may call a route that has no guard (features/auth/guard.ts) to say it: `optional` answers
   * visitors and signed-in callers alike, `signed-in` checks the session itself.
   */
  auth?: 'optional' | 'signed-in';
  /** A multipart upload of one file in the part `file` (the route reads it itself, no body schema). */
  fileUpload?: true;
  /** The success answer of a route without a response schema. */
  answer?: { status: number; description: string; contentType?: string };
}

const csv = (description: string) => ({ status: 200, description, contentType: 'text/csv' });
const noContent = (description: string) => ({ status: 204, description });

export const OPERATIONS: Record<string, OperationDoc> = {
  'POST /auth/sign-up': {
    operationId: 'signUp',
    summary: 'Create an account and a session',
    errors: [409, 429],
  },
  'POST /auth/login': {
    operationId: 'logIn',
    summary: 'Start a session with e-mail and password',
    errors: [401, 429],
  },
  'POST /auth/logout': {
    operationId: 'logOut',
    summary: 'End the current session',
    answer: noContent('The session has ended'),
  },
  'GET /auth/session': {
    operationId: 'getSession',
    summary: "The session's user",
    auth: 'signed-in',
  },
  'POST /auth/verify-email': {
    operationId: 'verifyEmail',
    summary: "Confirm an e-mail address with the mail's token",
  },
  'POST /auth/forgot-password': {
    operationId: 'forgotPassword',
    summary: 'Mail a password reset link',
    errors: [429],
  },
  'POST /auth/reset-password': {
    operationId: 'resetPassword',
    summary: "Set a new password with the mail's token",
  },
  'POST /auth/change-password': {
    operationId: 'changePassword',
    summary: 'Change the password',
    errors: [429],
  },
  'POST /auth/change-email': {
    operationId: 'changeEmail',
    summary: 'Change the e-mail address',
    errors: [409, 429],
  },
  'POST /auth/totp/setup': {
    operationId: 'setUpTotp',
    summary: 'Start two-factor authentication: a new pending secret',
    errors: [409, 429],
  },
  'POST /auth/totp/enable': {
    operationId: 'enableTotp',
    summary: 'Turn two-factor authentication on with a code',
    errors: [409, 429],
  },
  'POST /auth/totp/disable': {
    operationId: 'disableTotp',
    summary: 'Turn two-factor authentication off',
    errors: [409, 429],
  },
  'GET /all-assets': { operationId: 'listAssets', summary: 'Every asset with its current price' },
  'GET /assets/{id}/candles': { operationId: 'getCandles', summary: "An asset's OHLC candles" },
  'GET /assets/{id}/day-stats': {
    operationId: 'getAssetDayStats',
    summary: "An asset's last 24 hours",
  },
  'GET /assets/{id}/book': {
    operationId: 'getOrderBook',
    summary: "An asset's simulated order book",
    // MARKET_STALE with the live feed before it stored a book; REPLAY_NO_PRICE in a replay.
    errors: [409],
  },
  'GET /icons/assets/{file}': {
    operationId: 'getAssetIcon',
    summary: "An asset's icon (SVG)",
    answer: { status: 200, description: 'The icon', contentType: 'image/svg+xml' },
  },
  'POST /market-control/price': {
    operationId: 'setMarketPrice',
    summary: "Set an asset's price and run a tick (MARKET_CONTROL=1 only)",
  },
  'POST /market-control/tick': {
    operationId: 'runMarketTick',
    summary: 'Run one simulated tick now (MARKET_CONTROL=1 only)',
  },
  'POST /purchase-asset': {
    operationId: 'purchaseAsset',
    summary: 'Buy at the market price',
    errors: [409],
  },
  'POST /sell-asset': {
    operationId: 'sellAsset',
    summary: 'Sell at the market price',
    errors: [409],
  },
  'POST /open-limit-position': {
    operationId: 'openLimitPosition',
    summary: 'Place a working order (limit, stop, trailing, bracket, OCO)',
    errors: [409],
  },
  'PUT /limit-position': {
    operationId: 'modifyLimitPosition',
    summary: 'Move a working order',
    errors: [404, 409],
  },
  'POST /cancel-limit-position': {
    operationId: 'cancelLimitPosition',
    summary: 'Cancel a working order',
    errors: [404, 409],
  },
  'POST /user-details': {
    operationId: 'getUserDetails',
    summary: "A wallet's User for its owner, else its public profile",
    tag: 'portfolio',
    auth: 'optional',
    errors: [404],
  },
  'GET /transactions': {
    operationId: 'listTransactions',
    summary: "A page of the portfolio's history, newest first",
    tag: 'portfolio',
  },
  'GET /transactions/{id}': {
    operationId: 'getTransaction',
    summary: 'One transaction',
    tag: 'portfolio',
  },
  'GET /transactions.csv': {
    operationId: 'exportTransactions',
    summary: "The portfolio's whole history as CSV",
    tag: 'portfolio',
    answer: csv('The history, one transaction a line'),
  },
  'GET /balance-history': {
    operationId: 'getBalanceHistory',
    summary: "The portfolio's total balance over time",
    tag: 'portfolio',
  },
  'GET /portfolio-insight': {
    operationId: 'getPortfolioInsight',
    summary: 'Where the money is and what it made',
    tag: 'portfolio',
  },
  'GET /portfolios': {
    operationId: 'listPortfolios',
    summary: "The user's portfolios, the main one first",
  },
  'PUT /update-watchlist': {
    operationId: 'updateWatchlist',
    summary: 'Replace the watchlist',
    tag: 'account',
  },
  'GET /lessons': { operationId: 'listLessons', summary: 'The lessons of /learn, in order' },
  'GET /lessons/progress': {
    operationId: 'getLessonProgress',
    summary: "The caller's lessons read and quiz scores",
  },
  'POST /lessons/{slug}/read': {
    operationId: 'markLessonRead',
    summary: 'Mark a lesson read or unread',
  },
  'GET /lessons/{slug}/quiz': {
    operationId: 'getLessonQuiz',
    summary: "A lesson's quiz, without its answers",
  },
  'POST /lessons/{slug}/quiz': {
    operationId: 'answerLessonQuiz',
    summary: "Grade one attempt at a lesson's quiz",
  },
  'POST /alerts': { operationId: 'createAlert', summary: 'Set a price alert', errors: [409] },
  'GET /alerts': { operationId: 'listAlerts', summary: 'Waiting and recently fired alerts' },
  'DELETE /alerts/{id}': {
    operationId: 'deleteAlert',
    summary: 'Delete a price alert',
    answer: noContent('The alert is gone'),
  },
  'POST /api-keys': {
    operationId: 'createApiKey',
    summary: 'Create an API key for programs (its secret is shown once)',
    errors: [409],
  },
  'GET /api-keys': {
    operationId: 'listApiKeys',
    summary: "The caller's API keys, without secrets",
  },
  'DELETE /api-keys/{id}': {
    operationId: 'deleteApiKey',
    summary: 'Revoke an API key',
    answer: noContent('The key is revoked'),
  },
  'PUT /update-user': {
    operationId: 'updateUser',
    summary: 'Change settings, notifications or the profile',
    errors: [409],
  },
  'POST /reset-user': { operationId: 'resetUser', summary: 'Start the portfolio over' },
  'DELETE /delete-user': {
    operationId: 'deleteUser',
    summary: 'Delete the account and its data',
    errors: [429],
    answer: noContent('The account is gone'),
  },
  'POST /uploads/avatar': {
    operationId: 'uploadAvatar',
    summary: 'Upload an avatar image (PNG, JPEG or WebP, at most 2 MB)',
    fileUpload: true,
  },
  'GET /uploads/{file}': {
    operationId: 'getUpload',
    summary: 'An uploaded avatar image',
    answer: { status: 200, description: 'The image (PNG, JPEG or WebP)', contentType: 'image/*' },
  },
  'GET /leaderboard': {
    operationId: 'getLeaderboard',
    summary: 'Users ranked by return over a period',
    tag: 'social',
  },
  'GET /leaderboard/me': {
    operationId: 'getMyLeaderboardRow',
    summary: "The caller's row of the leaderboard",
    tag: 'social',
  },
  'POST /follow': {
    operationId: 'follow',
    summary: 'Follow a user',
    tag: 'social',
    errors: [404],
  },
  'DELETE /follow': {
    operationId: 'unfollow',
    summary: 'Stop following a user',
    tag: 'social',
    errors: [404],
  },
  'GET /users/{walletAddress}/followers': {
    operationId: 'listFollowers',
    summary: "A user's followers",
    tag: 'social',
  },
  'GET /users/{walletAddress}/following': {
    operationId: 'listFollowing',
    summary: 'The users a user follows',
    tag: 'social',
  },
  'GET /users/{walletAddress}/profile': {
    operationId: 'getProfile',
    summary: "A user's public profile",
    tag: 'social',
    auth: 'optional',
  },
  'GET /explore/most-traded': {
    operationId: 'getMostTraded',
    summary: 'The most traded assets of the last days',
    tag: 'explore',
  },
  'GET /contests': {
    operationId: 'listContests',
    summary: 'Contests joined, owned or public',
  },
  'POST /contests': { operationId: 'createContest', summary: 'Create a contest or class' },
  'GET /contests/{id}': { operationId: 'getContest', summary: 'One contest' },
  'PATCH /contests/{id}': {
    operationId: 'updateContest',
    summary: "Change a contest's rules or end it (owner)",
    errors: [409],
  },
  'GET /contests/{id}/leaderboard': {
    operationId: 'getContestLeaderboard',
    summary: "A contest's board",
  },
  'GET /contests/{id}/returns': {
    operationId: 'getContestReturns',
    summary: "The top members' returns over time",
  },
  'GET /contests/{id}/replay': {
    operationId: 'getContestReplay',
    summary: "A replay contest's clock and replayed prices",
    errors: [409],
  },
  'GET /contests/{id}/candles': {
    operationId: 'getContestCandles',
    summary: "A replay contest's candles of one asset up to its replayed moment",
    errors: [400, 404, 409],
  },
  'GET /contests/{id}/quiz-results': {
    operationId: 'getClassQuizResults',
    summary: "A class's quiz results per question (owner)",
    errors: [403, 404],
  },
  'GET /contests/code/{code}': {
    operationId: 'getContestByCode',
    summary: 'The contest a join code names',
    errors: [429],
  },
  'POST /contests/join': {
    operationId: 'joinContest',
    summary: 'Join by code or, for a public one, by id',
    errors: [404, 409, 429],
  },
  'POST /contests/{id}/leave': {
    operationId: 'leaveContest',
    summary: 'Leave a contest before its start',
    errors: [409],
    answer: noContent('The contest portfolio is gone'),
  },
  'GET /contests/{id}/members': {
    operationId: 'listContestMembers',
    summary: "A contest's members (owner)",
  },
  'GET /contests/{id}/members/{walletAddress}': {
    operationId: 'getContestMember',
    summary: "A class member's portfolio (owner)",
  },
  'DELETE /contests/{id}/members/{walletAddress}': {
    operationId: 'removeContestMember',
    summary: 'Remove a member (owner)',
    answer: noContent('The member is out and their portfolio closed'),
  },
  'POST /contests/{id}/announcements': {
    operationId: 'announceToContest',
    summary: 'Notify every member (owner)',
  },
  'GET /contests/{id}/standings.csv': {
    operationId: 'exportContestStandings',
    summary: "A contest's standings as CSV (owner)",
    answer: csv('One member a line, by rank'),
  },
  'GET /contests/{id}/assignments': {
    operationId: 'listAssignments',
    summary: "A class's assignments with progress (owner: every member; member: their own)",
  },
  'POST /contests/{id}/assignments': {
    operationId: 'createAssignment',
    summary: 'Set an assignment (owner of a class)',
  },
  'PATCH /contests/{id}/assignments/{assignmentId}': {
    operationId: 'updateAssignment',
    summary: 'Change an assignment (owner)',
  },
  'DELETE /contests/{id}/assignments/{assignmentId}': {
    operationId: 'deleteAssignment',
    summary: 'Delete an assignment (owner)',
    answer: noContent('The assignment is gone'),
  },
  'GET /contests/{id}/assignments/{assignmentId}/progress.csv': {
    operationId: 'exportAssignmentProgress',
    summary: "An assignment's progress as CSV (owner)",
    answer: csv('One member a line: each task done, late or not yet, and when'),
  },
  'GET /live': {
    operationId: 'openLiveSocket',
    summary: 'WebSocket of prices and the signed-in user',
    auth: 'optional',
    errors: [401, 426],
    answer: { status: 101, description: 'Switched to the WebSocket protocol' },
  },
};
