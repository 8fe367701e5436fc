/** A logger whose lines a test reads back, parsed: the kit's logger (redaction, mixin) writing to memory. */
import { Writable } from 'node:stream';
import type { LevelWithSilent } from 'pino';
import { createLogger, type Logger } from '../logger';

export interface LogCapture {
  readonly logger: Logger;
  /** Every line so far, parsed. */
  readonly lines: Record<string, unknown>[];
  /** The lines whose msg is this. */
  withMessage(message: string): Record<string, unknown>[];
}

export function captureLogLines(name: string, level: LevelWithSilent = 'info'): LogCapture {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return {
    logger: createLogger({ name, level, destination }),
    lines,
    withMessage: (message) => lines.filter((line) => line.msg === message),
  };
}
