import { ERROR_STATUS, type ErrorCode, type FieldError } from '@hr/contract';

/** The one error type services throw; the error handler maps `code` to the HTTP status. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: { errors?: FieldError[]; [key: string]: unknown },
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (what = 'Record') => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = () => new AppError('FORBIDDEN', 'You do not have permission to do this');
