import type { StaffRole } from '../../../contract/admin';
import type { AppEnv } from '../core/context';

/** The signed-in staff member of an admin request. */
export type StaffPrincipal = { id: string; email: string; name: string; role: StaffRole; lang: 'en' | 'ru' };

export type AdminEnv = {
  Variables: AppEnv['Variables'] & {
    staff: StaffPrincipal;
    /** SHA-256 of the session cookie's id */
    sessionIdHash: string;
  };
};
