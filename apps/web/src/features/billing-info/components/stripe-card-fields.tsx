import { Grid, Input, Text } from '@mantine/core';
import { Messages, toCardBrand } from '@store/core';
import {
  CardCvcElement,
  CardExpiryElement,
  CardNumberElement,
  Elements,
  useElements,
  useStripe,
} from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeElementChangeEvent } from '@stripe/stripe-js';
import { useEffect, useMemo, useState } from 'react';
import { prepareCardSetup } from '../api/prepare-card-setup';
import { type CardFieldsProps, CardProviderError } from './card-fields';

type Name = 'number' | 'expiry' | 'cvc';
const ELEMENT_STYLE = {
  style: {
    base: { fontSize: '15px', color: '#212529', '::placeholder': { color: '#868e96' } },
    invalid: { color: '#c92a2a' },
  },
};

function Fields({ showRequired, onCompleteChange, registerCollector }: CardFieldsProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [state, setState] = useState<
    Record<Name, { empty: boolean; complete: boolean; error: string | null }>
  >({
    number: { empty: true, complete: false, error: null },
    expiry: { empty: true, complete: false, error: null },
    cvc: { empty: true, complete: false, error: null },
  });
  const complete = state.number.complete && state.expiry.complete && state.cvc.complete;
  useEffect(() => onCompleteChange(complete), [complete, onCompleteChange]);

  useEffect(() => {
    registerCollector(async (owner) => {
      const card = elements?.getElement(CardNumberElement);
      if (!stripe || !card) throw new CardProviderError('The card form is still loading.');
      const billing_details = {
        name: owner.name,
        address: {
          line1: owner.line1,
          line2: owner.line2 || undefined,
          city: owner.city,
          state: owner.state,
          country: owner.country,
          postal_code: owner.postalCode,
        },
      };
      const created = await stripe.createPaymentMethod({ type: 'card', card, billing_details });
      if (created.error) throw new CardProviderError(created.error.message ?? 'The card was refused.');
      const { clientSecret } = await prepareCardSetup();
      if (clientSecret) {
        const confirmed = await stripe.confirmCardSetup(clientSecret, {
          payment_method: created.paymentMethod.id,
        });
        if (confirmed.error) throw new CardProviderError(confirmed.error.message ?? 'The card was refused.');
      }
      const c = created.paymentMethod.card;
      return {
        paymentMethodId: created.paymentMethod.id,
        lastFour: c?.last4 ?? '0000',
        brand: toCardBrand(c?.brand),
        expMonth: c?.exp_month ?? 1,
        expYear: c?.exp_year ?? 2000,
      };
    });
  }, [registerCollector, stripe, elements]);

  const onChange = (name: Name) => (e: StripeElementChangeEvent) =>
    setState((s) => ({
      ...s,
      [name]: { empty: e.empty, complete: e.complete, error: e.error?.message ?? null },
    }));
  const required: Record<Name, string> = {
    number: Messages.cardNumberRequired,
    expiry: Messages.expirationDateRequired,
    cvc: Messages.cvcRequired,
  };
  const error = (name: Name) =>
    state[name].error ?? (state[name].empty && showRequired ? required[name] : undefined);
  const field = (name: Name, label: string, el: React.ReactNode) => (
    <Input.Wrapper label={label} required error={error(name)}>
      <div
        className="mantine-Input-input"
        style={{
          display: 'flex',
          alignItems: 'center',
          padding: '0 12px',
          minHeight: 36,
          border: '1px solid var(--mantine-color-gray-4)',
          borderRadius: 'var(--mantine-radius-md)',
          background: 'white',
        }}
      >
        <div style={{ flex: 1 }}>{el}</div>
      </div>
    </Input.Wrapper>
  );

  return (
    <Grid gutter="sm">
      <Grid.Col span={12}>
        {field(
          'number',
          'Card Number',
          <CardNumberElement options={ELEMENT_STYLE} onChange={onChange('number')} />,
        )}
      </Grid.Col>
      <Grid.Col span={6}>
        {field(
          'expiry',
          'Expiration Date',
          <CardExpiryElement options={ELEMENT_STYLE} onChange={onChange('expiry')} />,
        )}
      </Grid.Col>
      <Grid.Col span={6}>
        {field('cvc', 'CVC', <CardCvcElement options={ELEMENT_STYLE} onChange={onChange('cvc')} />)}
      </Grid.Col>
    </Grid>
  );
}

/** Stripe Elements' three secure card fields (the card never touches our page's code or server). */
export default function StripeCardFields(props: CardFieldsProps & { publishableKey: string }) {
  const stripePromise = useMemo<Promise<Stripe | null>>(
    () => loadStripe(props.publishableKey),
    [props.publishableKey],
  );
  return (
    <Elements stripe={stripePromise}>
      <Fields {...props} />
      <Text size="xs" c="dimmed" mt={4}>
        Card details are sent securely to Stripe and never stored by us.
      </Text>
    </Elements>
  );
}
