/** Raised when a stored document cannot be migrated; the message is the one SPEC section 8 gives, verbatim. */
export class MigrationError extends Error {
  override readonly name = 'MigrationError';

  /** The offending value (a code, a schema version), kept out of the verbatim message. */
  readonly subject: unknown;

  constructor(message: string, subject?: unknown) {
    super(message);
    this.subject = subject;
  }
}

/** Receives the migration's log lines (the cut draft, the unknown category number). */
export type MigrationLog = (message: string) => void;

export const SILENT_LOG: MigrationLog = () => undefined;
