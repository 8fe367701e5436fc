/**
 * A value that must never be logged, serialized or printed: a portal password on its way from the request to the
 * cipher, or from the cipher to a provider. Only `reveal()` hands out the text; every other way of looking at it
 * (string conversion, JSON, util.inspect, pino) shows a placeholder.
 */
import { inspect } from 'node:util';

const PLACEHOLDER = '[secret]';

export class Secret {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return PLACEHOLDER;
  }

  toJSON(): string {
    return PLACEHOLDER;
  }

  [inspect.custom](): string {
    return `Secret(${PLACEHOLDER})`;
  }
}
