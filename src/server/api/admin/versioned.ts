import type { Language } from '../../../lib/localize';
import { ApiError, notFound } from '../core/errors';
import { adminMessage } from './messages';

/** 409 for a write based on a stale version of the record. */
export const versionConflict = (lang: Language) =>
  new ApiError(409, adminMessage('versionConflict', lang), {
    errorPath: 'version',
    fieldErrors: { version: [adminMessage('versionConflict', lang)] },
  });

/**
 * The row a versioned write is about, checked against the version the client sent: 404 when it is gone,
 * 409 when someone changed it since. The write itself must still match `version` in its WHERE (the check
 * here is for the answer; the conditional update is what makes it safe against a concurrent write).
 */
export function expectVersion<T extends { version: number }>(row: T | undefined, version: number, lang: Language, missing: string): T {
  if (!row) throw notFound(adminMessage(missing, lang));
  if (row.version !== version) throw versionConflict(lang);
  return row;
}
