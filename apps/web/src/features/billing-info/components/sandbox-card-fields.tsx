import { Alert, Grid, Text, TextInput } from '@mantine/core';
import {
  type CardFieldState,
  cardBrandOf,
  cardDigits,
  cardNumberState,
  cvcState,
  expiryState,
  formatCardNumber,
  formatExpiry,
  Messages,
  parseExpiry,
  sandboxPaymentMethodFor,
} from '@store/core';
import { type ChangeEvent, useEffect, useState } from 'react';
import { type CardFieldsProps, CardProviderError } from './card-fields';

type Name = 'number' | 'expiry' | 'cvc';

const INPUTS: Record<Name, { label: string; autoComplete: string; placeholder: string }> = {
  number: { label: 'Card Number', autoComplete: 'cc-number', placeholder: '1234 1234 1234 1234' },
  expiry: { label: 'Expiration Date', autoComplete: 'cc-exp', placeholder: 'MM / YY' },
  cvc: { label: 'CVC', autoComplete: 'cc-csc', placeholder: 'CVC' },
};

const REQUIRED: Record<Name, string> = {
  number: Messages.cardNumberRequired,
  expiry: Messages.expirationDateRequired,
  cvc: Messages.cvcRequired,
};

/**
 * Three card inputs of our own that behave like Stripe Elements (complete / invalid / empty, the
 * provider's messages) and turn Stripe's test numbers into Stripe's test payment methods here in the
 * browser: the number itself never leaves this component.
 */
export function SandboxCardFields({ showRequired, onCompleteChange, registerCollector }: CardFieldsProps) {
  const [values, setValues] = useState({ number: '', expiry: '', cvc: '' });
  const [blurred, setBlurred] = useState<Partial<Record<Name, boolean>>>({});
  const now = new Date();
  const states: Record<Name, CardFieldState> = {
    number: cardNumberState(values.number, Boolean(blurred.number)),
    expiry: expiryState(values.expiry, Boolean(blurred.expiry), now),
    cvc: cvcState(values.cvc, Boolean(blurred.cvc), values.number),
  };
  const complete = states.number.complete && states.expiry.complete && states.cvc.complete;

  useEffect(() => onCompleteChange(complete), [complete, onCompleteChange]);

  useEffect(() => {
    registerCollector(async () => {
      const paymentMethodId = sandboxPaymentMethodFor(values.number);
      const expiry = parseExpiry(values.expiry);
      if (!paymentMethodId || !expiry) throw new CardProviderError('Your card number is incorrect.');
      return {
        paymentMethodId,
        lastFour: cardDigits(values.number).slice(-4),
        brand: cardBrandOf(values.number),
        expMonth: expiry.month,
        expYear: expiry.year,
      };
    });
  }, [registerCollector, values]);

  /**
   * What the three inputs share: digits, required, the state Stripe's Elements would show, and the
   * value kept as `typed` formats what was typed.
   */
  const field = (name: Name, typed: (raw: string) => string) => ({
    ...INPUTS[name],
    required: true,
    inputMode: 'numeric' as const,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = typed(e.currentTarget.value);
      setValues((v) => ({ ...v, [name]: value }));
    },
    onBlur: () => setBlurred((b) => ({ ...b, [name]: true })),
    error:
      states[name].error ??
      (states[name].empty && (showRequired || blurred[name]) ? REQUIRED[name] : undefined),
    rightSection: states[name].complete ? (
      <span aria-hidden style={{ color: 'var(--mantine-color-green-8)' }}>
        ✓
      </span>
    ) : null,
  });

  return (
    <>
      <Grid gutter="sm">
        <Grid.Col span={12}>
          <TextInput {...field('number', formatCardNumber)} data-complete={states.number.complete} />
        </Grid.Col>
        <Grid.Col span={6}>
          <TextInput
            {...field('expiry', (raw) =>
              // Deleting the separator deletes the digit before it, as Stripe's field does.
              formatExpiry(
                raw.length < values.expiry.length && values.expiry.endsWith(' / ')
                  ? raw.replace(/\s*\/?\s*$/, '')
                  : raw,
              ),
            )}
          />
        </Grid.Col>
        <Grid.Col span={6}>
          <TextInput {...field('cvc', (raw) => cardDigits(raw).slice(0, 4))} />
        </Grid.Col>
      </Grid>
      <Alert variant="light" color="brand" p="xs">
        <Text size="xs">
          Test mode: no real card is charged. Use 4242 4242 4242 4242 (accepted) or 4000 0000 0000 0002
          (declined at purchase), any future date and any CVC.
        </Text>
      </Alert>
    </>
  );
}
