/**
 * The bug report's attachment as a form control: a button that opens the browser's file chooser, the chosen file's
 * name and size, and Remove. Its value is the chosen File or null. The form item's id goes to the file input (its
 * label names that input; the buttons keep their own words as names); the item's error state goes to the button,
 * which is what the focus lands on.
 */
import { Button, Space, Typography } from 'antd';
import { type AriaAttributes, type ChangeEvent, type Ref, useRef } from 'react';
import { ATTACHMENT_ACCEPT, fileSizeText } from './bug-attachment';

export type AttachmentPickerProps = Pick<AriaAttributes, 'aria-invalid' | 'aria-describedby'> & {
  id?: string;
  value?: File | null;
  onChange?: (file: File | null) => void;
  /** The button that chooses a file: the form focuses it. */
  ref?: Ref<HTMLButtonElement>;
};

export function AttachmentPicker({ id, value, onChange, ref, ...aria }: AttachmentPickerProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement | null>(null);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    // Choosing the same file again after removing it must fire a change.
    event.target.value = '';
    if (file) onChange?.(file);
  };

  const remove = () => {
    onChange?.(null);
    chooseButton.current?.focus();
  };

  const setChooseButton = (button: HTMLButtonElement | null) => {
    chooseButton.current = button;
    if (typeof ref === 'function') ref(button);
    else if (ref) ref.current = button;
  };

  return (
    <>
      <input
        ref={fileInput}
        id={id}
        type="file"
        // Inline: antd's form styles show file inputs (display: block) over any class of ours.
        style={{ display: 'none' }}
        accept={ATTACHMENT_ACCEPT}
        aria-label="Attachment file"
        onChange={choose}
      />
      <Space wrap>
        <Button ref={setChooseButton} onClick={() => fileInput.current?.click()} {...aria}>
          {value ? 'Choose another file' : 'Attach a file'}
        </Button>
        {value ? (
          <>
            <Typography.Text className="dv-bug-report__file">
              {value.name} ({fileSizeText(value.size)})
            </Typography.Text>
            <Button type="link" onClick={remove} aria-label={`Remove ${value.name}`}>
              Remove
            </Button>
          </>
        ) : null}
      </Space>
    </>
  );
}
