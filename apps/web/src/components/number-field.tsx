import { TextInput, type TextInputProps, UnstyledButton } from '@mantine/core';
import type { ChangeEvent, ClipboardEvent, FocusEvent, KeyboardEvent, PointerEvent } from 'react';
import { useRef } from 'react';
import classes from './number-field.module.css';
import {
  caretAfter,
  cleanNumberText,
  displayNumberText,
  insertedNumberText,
  type NumberTextFormat,
  type NumberValue,
  numberText,
  numberValue,
  settledNumberText,
  significantBefore,
  steppedNumberText,
} from './number-text';

// Mantine's own number-input chevron, pointing down.
const CHEVRON =
  'M3.135 6.158a.5.5 0 0 1 .707-.023L7.5 9.565l3.658-3.43a.5.5 0 0 1 .684.73l-4 3.75a.5.5 0 0 1-.684 0l-4-3.75a.5.5 0 0 1-.023-.707Z';

export interface NumberFieldProps
  extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type' | 'prefix'> {
  value?: NumberValue | null;
  onChange: (value: NumberValue) => void;
  min?: number;
  max?: number;
  /** What the arrow keys and the step buttons add or take away. */
  step?: number;
  allowDecimal?: boolean;
  allowNegative?: boolean;
  decimalScale?: number;
  /** Shown before the number ("$"), never part of the value. */
  prefix?: string;
  thousandSeparator?: string;
  /** "blur" moves a number outside min..max to the nearest bound when the field is left; "none" leaves it to the form's message. */
  clampBehavior?: 'blur' | 'none';
  /** What the field shows once left empty (docs/spec.md §5: "a non-number becomes 0"); stays empty when absent. */
  emptyValue?: number;
  hideControls?: boolean;
}

/**
 * A number typed as text: a currency prefix and thousands separators shown as one types, the arrow
 * keys and two step buttons to count up and down. Mantine's NumberInput does the same through
 * react-number-format, which alone outweighed this field several times over on the product page's
 * first load (decision 020).
 */
export function NumberField({
  value,
  onChange,
  min,
  max,
  step = 1,
  allowDecimal = true,
  allowNegative = true,
  decimalScale,
  prefix = '',
  thousandSeparator = '',
  clampBehavior = 'blur',
  emptyValue,
  hideControls = false,
  onBlur,
  onKeyDown,
  readOnly,
  disabled,
  ...input
}: NumberFieldProps) {
  const format: NumberTextFormat = { allowDecimal, allowNegative, decimalScale, prefix, thousandSeparator };
  const clean = numberText(value);
  const ref = useRef<HTMLInputElement>(null);

  const show = (field: HTMLInputElement, typed: string, typedCaret: number) => {
    const next = cleanNumberText(typed, format);
    const shown = displayNumberText(next, format);
    const before = significantBefore(typed, typedCaret, format);
    // Shown at once, the caret kept among the same digits; the form's next render finds the same text.
    field.value = shown;
    const caret = caretAfter(shown, before, prefix);
    field.setSelectionRange(caret, caret);
    if (next !== clean) onChange(numberValue(next));
  };

  // Where the field writes thousands with commas, a comma the person types is theirs, not the
  // field's: read it as they meant it ("12,50" is 12.50, never 1,250; insertedNumberText).
  const decimalComma = thousandSeparator === ',';

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const field = event.currentTarget;
    let typed = field.value;
    const caret = field.selectionStart ?? typed.length;
    const { inputType, data } = event.nativeEvent as InputEvent;
    if (decimalComma && inputType?.startsWith('insert') && data?.includes(',')) {
      const start = caret - data.length;
      if (start >= 0 && typed.slice(start, caret) === data)
        typed = typed.slice(0, start) + insertedNumberText(data) + typed.slice(caret);
    }
    show(field, typed, caret);
  };

  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text/plain');
    const meant = decimalComma ? insertedNumberText(pasted) : pasted;
    if (meant === pasted || readOnly || disabled) return;
    event.preventDefault();
    const field = event.currentTarget;
    const start = field.selectionStart ?? field.value.length;
    const end = field.selectionEnd ?? start;
    show(field, field.value.slice(0, start) + meant + field.value.slice(end), start + meant.length);
  };

  const stepBy = (direction: 1 | -1) => {
    const next = steppedNumberText(clean, direction, { step, min, max });
    if (next !== clean) onChange(numberValue(next));
  };

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (readOnly || disabled || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    stepBy(event.key === 'ArrowUp' ? 1 : -1);
  };

  const blur = (event: FocusEvent<HTMLInputElement>) => {
    const settled = settledNumberText(clean, {
      ...(clampBehavior === 'blur' && { min, max }),
      wholeNumber: !allowDecimal,
      emptyValue,
    });
    if (settled !== null) onChange(numberValue(settled));
    onBlur?.(event);
  };

  const n = clean === '' ? Number.NaN : Number(clean);
  const stepButton = (direction: 1 | -1) => (
    <UnstyledButton
      className={classes.control}
      // The arrow keys do the same from the field itself; the buttons are for the pointer only.
      tabIndex={-1}
      aria-hidden
      disabled={
        direction === 1 ? n >= (max ?? Number.POSITIVE_INFINITY) : n <= (min ?? Number.NEGATIVE_INFINITY)
      }
      onPointerDown={(event: PointerEvent) => {
        event.preventDefault();
        ref.current?.focus();
        stepBy(direction);
      }}
    >
      <svg className={direction === 1 ? classes.up : undefined} viewBox="0 0 15 15" aria-hidden>
        <path d={CHEVRON} fill="currentColor" />
      </svg>
    </UnstyledButton>
  );

  return (
    <TextInput
      inputMode={allowDecimal ? 'decimal' : 'numeric'}
      {...input}
      ref={ref}
      value={displayNumberText(clean, format)}
      onChange={change}
      onPaste={paste}
      onKeyDown={keyDown}
      onBlur={blur}
      readOnly={readOnly}
      disabled={disabled}
      {...(!hideControls &&
        !readOnly &&
        !disabled && {
          rightSection: (
            <div className={classes.controls}>
              {stepButton(1)}
              {stepButton(-1)}
            </div>
          ),
          rightSectionWidth: 24,
        })}
    />
  );
}
