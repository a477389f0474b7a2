import { ApiError } from '../../lib/api-client';

/** The server's message for a refused request, else the screen's fallback (spec §8). */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;
}
