/**
 * An antd Form rule from a contracts schema: the field's value passes when the schema parses it, otherwise the
 * field shows the schema's first issue's message. The messages are the contract's own ('This field is required',
 * 'Username is required'), so a form says exactly what the service would answer.
 */
import { type FormRule } from 'antd';
import { type z } from 'zod';

export function zodRule(schema: z.ZodType): FormRule {
  return {
    validator: (_rule, value: unknown) => {
      const parsed = schema.safeParse(value);
      return parsed.success ? Promise.resolve() : Promise.reject(new Error(parsed.error.issues[0]?.message));
    },
  };
}
