import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stubMatchMedia } from '../../test/support/match-media';
import { NumberField, type NumberFieldProps } from './number-field';
import type { NumberValue } from './number-text';

type Props = Omit<NumberFieldProps, 'value' | 'onChange'> & { initial: NumberValue };

/** The field as a form holds it: the value it hands over is kept and shown back. */
function Held({ initial, ...props }: Props) {
  const [value, setValue] = useState<NumberValue>(initial);
  return (
    <>
      <NumberField label="Amount" value={value} onChange={setValue} {...props} />
      <output>{`${typeof value}:${value}`}</output>
    </>
  );
}

const field = (props: Props) => {
  render(
    <MantineProvider>
      <Held {...props} />
    </MantineProvider>,
  );
  return screen.getByLabelText('Amount') as HTMLInputElement;
};
const held = () => screen.getByRole('status').textContent;

afterEach(cleanup);
beforeAll(stubMatchMedia);

describe('NumberField', () => {
  it('shows the prefix and thousands separators while typing and hands the form the plain number', async () => {
    const input = field({ initial: '', prefix: '$', thousandSeparator: ',' });
    await userEvent.type(input, '1234.5');
    expect(input.value).toBe('$1,234.5');
    expect(held()).toBe('number:1234.5');
    await userEvent.type(input, '0');
    expect(input.value).toBe('$1,234.50');
    expect(held()).toBe('string:1234.50');
  });

  it('ignores what cannot be part of a number', async () => {
    const input = field({ initial: 12, allowDecimal: false });
    await userEvent.type(input, 'a+b3');
    expect(input.value).toBe('123');
    expect(held()).toBe('number:123');
  });

  it('reads a decimal typed into a whole-number field as that decimal and rounds it when left', async () => {
    const input = field({ initial: '', min: 1, allowDecimal: false });
    await userEvent.type(input, '2.6');
    expect(held()).toBe('number:2.6');
    fireEvent.blur(input);
    expect(input.value).toBe('3');
    expect(held()).toBe('number:3');
  });

  it('shows its empty value once left empty', async () => {
    const input = field({ initial: 2, min: 0, allowDecimal: false, emptyValue: 0 });
    await userEvent.clear(input);
    fireEvent.blur(input);
    expect(input.value).toBe('0');
  });

  it('reads a comma typed or pasted into a money field as the decimal comma, not a thousands separator', async () => {
    const input = field({ initial: '', prefix: '$', thousandSeparator: ',' });
    await userEvent.type(input, '12,50');
    expect(input.value).toBe('$12.50');
    expect(held()).toBe('string:12.50');
    await userEvent.clear(input);
    await userEvent.paste('12,5');
    expect(input.value).toBe('$12.5');
    await userEvent.clear(input);
    await userEvent.paste('1,250.00');
    expect(input.value).toBe('$1,250.00');
  });

  it('keeps the caret among the same digits when a separator appears before it', async () => {
    const input = field({ initial: 123, prefix: '$', thousandSeparator: ',' });
    input.setSelectionRange(1, 1);
    await userEvent.type(input, '4', { initialSelectionStart: 1, initialSelectionEnd: 1 });
    expect(input.value).toBe('$4,123');
    expect(input.selectionStart).toBe(2);
  });

  it('counts up and down with the arrow keys, within the bounds', async () => {
    const input = field({ initial: 1, min: 1, max: 3, allowDecimal: false });
    input.focus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(input.value).toBe('3');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(held()).toBe('number:1');
  });

  it('steps money by a cent and keeps its two decimals', async () => {
    const input = field({ initial: '12.99', step: 0.01, prefix: '$' });
    input.focus();
    await userEvent.keyboard('{ArrowUp}');
    expect(input.value).toBe('$13.00');
  });

  it('moves a number below the minimum to the minimum when left, unless told to leave it', async () => {
    const input = field({ initial: '', min: 0 });
    await userEvent.type(input, '-3');
    expect(held()).toBe('number:-3');
    fireEvent.blur(input);
    expect(input.value).toBe('0');
    cleanup();
    const kept = field({ initial: '', min: 0, clampBehavior: 'none' });
    await userEvent.type(kept, '-3');
    fireEvent.blur(kept);
    expect(kept.value).toBe('-3');
  });

  it('offers step buttons to the pointer only, and none on a read-only field', () => {
    const input = field({ initial: 1 });
    const buttons = input.closest('.mantine-InputWrapper-root')?.querySelectorAll('button') ?? [];
    expect(buttons).toHaveLength(2);
    for (const button of buttons) expect(button.tabIndex).toBe(-1);
    fireEvent.pointerDown(buttons[0]!);
    expect(input.value).toBe('2');
    cleanup();
    const readOnly = field({ initial: 1, readOnly: true });
    expect(readOnly.closest('.mantine-InputWrapper-root')?.querySelectorAll('button')).toHaveLength(0);
  });
});
