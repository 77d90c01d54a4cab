/**
 * Every PostgreSQL advisory lock the server takes, by name. Keys share one space per database, so
 * they are kept together, each 727_000 plus a number of its own (the migration that brought its
 * use), and a new one can be seen not to collide with any other.
 */
export const ADVISORY_LOCKS = {
  /** Processes starting at once migrate one after another (a session lock, held while migrating). */
  migrations: 727_001,
  /** Claims of the next scheduled backup, so two processes never both write one. */
  backupClaim: 727_015,
  /** Own-port allocations for IP authorization, so "the lowest free port" is never handed out twice. */
  ipAuthPorts: 727_016,
  /** Telegram claims of every queue, so the shared 30-a-second budget holds across sender processes. */
  telegramClaims: 727_024,
} as const;
