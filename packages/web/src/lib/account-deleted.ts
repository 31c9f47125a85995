/** The landing page's query flag after an account was deleted, so it can say so (danger-zone.tsx sets it). */
export const ACCOUNT_DELETED_PARAM = 'account-deleted';
