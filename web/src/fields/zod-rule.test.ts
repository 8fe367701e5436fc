import { MESSAGES, PortalCredentialInput } from '@dv/contracts';
import { type FormRule } from 'antd';
import { z } from 'zod';
import { zodRule } from './zod-rule';

/** Runs a rule's validator as antd does: resolved means valid, rejected carries the message shown. */
async function check(rule: FormRule, value: unknown): Promise<string | null> {
  if (typeof rule === 'function' || !rule.validator) throw new Error('zodRule gives a validator rule');
  try {
    await rule.validator({}, value, () => undefined);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

describe('zodRule', () => {
  it("passes what the schema parses and says the schema's message for the rest", async () => {
    const username = zodRule(PortalCredentialInput.shape.username);
    expect(await check(username, 'front-desk')).toBeNull();
    expect(await check(username, '   ')).toBe(MESSAGES.USERNAME_REQUIRED);
    expect(await check(username, undefined)).toBe(MESSAGES.USERNAME_REQUIRED);
  });

  it('says only the first issue', async () => {
    const code = z.string().min(4, { error: 'At least 4' }).regex(/^\d+$/, { error: 'Digits only' });
    expect(await check(zodRule(code), 'ab')).toBe('At least 4');
  });
});
