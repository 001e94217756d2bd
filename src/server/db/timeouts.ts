/** Bounds on waiting for PostgreSQL, so one locked row or a lost server cannot stall unrelated requests. */
export type DatabaseTimeouts = {
  /** waiting for a connection (a new one, or a free one from a busy pool) */
  connectMs: number;
  /** one statement */
  statementMs: number;
  /** waiting for a row or table lock */
  lockMs: number;
  /** a transaction left open without a statement */
  idleInTransactionMs: number;
};

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5000,
  statementMs: 30_000,
  lockMs: 3000,
  idleInTransactionMs: 30_000,
};
