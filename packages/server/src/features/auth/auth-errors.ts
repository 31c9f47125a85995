import { AppError, conflict } from '../../http/app-error.ts';

export const emailTaken = () =>
  conflict('EMAIL_TAKEN', 'An account with this e-mail already exists');
export const usernameTaken = () => conflict('USERNAME_TAKEN', 'That username is already taken');
export const invalidCredentials = () =>
  new AppError(401, 'INVALID_CREDENTIALS', 'Wrong e-mail or password');
export const wrongCurrentPassword = () =>
  new AppError(401, 'INVALID_CREDENTIALS', 'The current password is wrong');
export const invalidToken = () =>
  new AppError(
    400,
    'INVALID_TOKEN',
    'This link is invalid or has expired. Ask for a new one.',
    'token',
  );
