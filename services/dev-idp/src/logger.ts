/**
 * The provider logs through a pino-shaped interface (`logger.info(fields, message)`), so the standalone runner can
 * hand it a pino logger; on its own it writes JSON lines to the console.
 */

export interface DevIdpLogger {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

const LEVELS = { info: 30, warn: 40, error: 50 } as const;
type Level = keyof typeof LEVELS;

/** JSON lines on stdout (info) and stderr (warn, error), from `minimum` up. */
export function createConsoleLogger(minimum: Level = 'info'): DevIdpLogger {
  const write = (level: Level) => (fields: Record<string, unknown>, message: string) => {
    if (LEVELS[level] < LEVELS[minimum]) return;
    const line = JSON.stringify({ level: LEVELS[level], time: Date.now(), name: 'dev-idp', msg: message, ...fields });
    if (level === 'info') console.log(line);
    else console.error(line);
  };
  return { info: write('info'), warn: write('warn'), error: write('error') };
}

export const silentLogger: DevIdpLogger = { info: () => {}, warn: () => {}, error: () => {} };

/** Errors are not JSON-serializable; log their name, message and stack. */
export function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { err: { type: error.name, message: error.message, stack: error.stack } };
  return { err: { message: String(error) } };
}
