import { Textarea, type TextareaProps } from '@mantine/core';
import { useState, type ChangeEvent, type Ref } from 'react';
import { TEXTAREA_MAX_LENGTH } from '@casedesk/contract/common/field-rules';

export interface CountedTextareaProps extends TextareaProps {
  /** SPEC §5/§9: 500 by default. */
  maxLength?: number;
  /**
   * Stop typing at the limit (default). Forms whose schema reports the limit with its own message
   * (SMS: 'Message should be max 1600 characters') turn this off and let validation speak.
   */
  enforceMaxLength?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A textarea with a character limit and a "n / max" counter under it. */
export function CountedTextarea({
  maxLength = TEXTAREA_MAX_LENGTH,
  enforceMaxLength = true,
  value,
  defaultValue,
  onChange,
  description,
  ...others
}: CountedTextareaProps) {
  const [ownLength, setOwnLength] = useState(String(defaultValue ?? '').length);
  const length = value === undefined ? ownLength : String(value ?? '').length;
  const over = length > maxLength;
  return (
    <Textarea
      // Fixed rows, resizable: Mantine's autosize needs document.fonts, which happy-dom lacks.
      rows={4}
      resize="vertical"
      {...others}
      value={value}
      defaultValue={defaultValue}
      maxLength={enforceMaxLength ? maxLength : undefined}
      onChange={(event: ChangeEvent<HTMLTextAreaElement>) => {
        setOwnLength(event.currentTarget.value.length);
        onChange?.(event);
      }}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      description={
        <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
          <span>{description}</span>
          <span data-testid="textarea-counter" style={over ? { color: 'var(--mantine-color-error)' } : undefined}>
            {length} / {maxLength}
          </span>
        </span>
      }
    />
  );
}
