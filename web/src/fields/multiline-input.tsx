/** Multiline text fields span MULTILINE_MIN_ROWS to MULTILINE_MAX_ROWS rows (SPEC section 2). */
import { MULTILINE_MAX_ROWS, MULTILINE_MIN_ROWS } from '@dv/contracts';
import { Input } from 'antd';
import { type TextAreaProps } from 'antd/es/input';

export function MultilineInput(props: Omit<TextAreaProps, 'autoSize' | 'rows'>) {
  return <Input.TextArea {...props} autoSize={{ minRows: MULTILINE_MIN_ROWS, maxRows: MULTILINE_MAX_ROWS }} />;
}
