import type { BackgroundTasks } from '../../background';
import type { Database } from '../../db/client';
import type { ServerConfig } from '../../config';
import type { Logger } from '../../logger';
import type { Mailer } from '../../mail';
import type { Media } from '../../media/media';
import type { Language } from '../../../lib/localize';

export type AuthUser = {
  id: string;
  email: string;
  /** the bearer token's `jti` and expiry, so logging out can revoke exactly this token */
  token?: { id: string; expiresAt: Date };
};

export type AppDeps = {
  db: Database;
  dbKind: 'pglite' | 'postgres';
  config: ServerConfig;
  logger: Logger;
  mailer: Mailer;
  /** HS256 key for bearer tokens */
  jwtKey: Uint8Array;
  /** HMAC key the sandbox payment provider signs its notifications with */
  paymentSecret: string;
  now: () => Date;
  /** work that runs after the answer is sent */
  background: BackgroundTasks;
  /** image originals (in the shop's media store) and this instance's cache of them and their renditions */
  media: Media;
};

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    lang: Language;
    user: AuthUser | null;
  };
};
