import { Anchor, Button, Grid, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import {
  type BillingDescription,
  BillingInfoSchema,
  type Country,
  Messages,
  type Organization,
} from '@store/core';
import { type FormEvent, lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod/mini';
import { useSchemaForm } from '../../../lib/form';
import { showAlert } from '../../alert';
import { useConfig } from '../../config/api/get-config';
import { useStripePublicKey } from '../api/get-stripe-public-key';
import { useUpdateBillingInfo } from '../api/update-billing-info';
import { type CardOwner, CardProviderError, type CollectedCard } from './card-fields';
import { SandboxCardFields } from './sandbox-card-fields';

// Stripe.js is loaded only where the Stripe gateway is configured.
const StripeCardFields = lazy(() => import('./stripe-card-fields'));

const AddressSchema = z.pick(BillingInfoSchema, {
  nameOnCard: true,
  company: true,
  addr1: true,
  addr2: true,
  city: true,
  state: true,
  country: true,
  postalCode: true,
  taxId: true,
});

/** Why Update is disabled, in words: the field messages show only once a field is touched or changed. */
const missing = (addressValid: boolean, cardComplete: boolean) =>
  addressValid
    ? 'Enter the card number, expiration date and CVC to update.'
    : cardComplete
      ? 'Fill in the fields marked * to update.'
      : 'Fill in the fields marked * and the card to update.';

export interface BillingFormProps {
  current: BillingDescription | undefined;
  organization: Organization | undefined;
  countries: Country[];
  cancelTo: string;
  onUpdated: () => void;
  /** Where the form is part of a page (the pay-now page): Cancel closes it instead of leaving. */
  onCancel?: () => void;
  /** What the submit button says there (the pay-now page pays with the card once it is saved). */
  submitLabel?: string;
}

/** Spec §2 Modify Billing Info (left column), §4 "Billing update", §5 "Billing form". */
export function BillingForm({
  current,
  organization,
  countries,
  cancelTo,
  onUpdated,
  onCancel,
  submitLabel = 'Update',
}: BillingFormProps) {
  const { gateway } = useConfig();
  const stripeKey = useStripePublicKey(gateway === 'stripe');
  const update = useUpdateBillingInfo();
  const {
    form,
    valid: addressValid,
    onSubmit,
  } = useSchemaForm(AddressSchema, {
    initialValues: {
      nameOnCard: current?.name ?? '',
      company: current?.company ?? organization?.companyName ?? '',
      addr1: current?.addr1 ?? organization?.addr1 ?? '',
      addr2: current?.addr2 ?? organization?.addr2 ?? '',
      city: current?.city ?? organization?.city ?? '',
      state: current?.state ?? organization?.state ?? '',
      country: current?.country ?? organization?.country ?? '',
      postalCode: current?.zip ?? organization?.zip ?? '',
      taxId: current?.taxId ?? organization?.taxId ?? '',
    },
  });
  const [submitted, setSubmitted] = useState(false);
  const [cardComplete, setCardComplete] = useState(false);
  const [collecting, setCollecting] = useState(false);
  const collector = useRef<((owner: CardOwner) => Promise<CollectedCard>) | null>(null);
  const registerCollector = useCallback((fn: (owner: CardOwner) => Promise<CollectedCard>) => {
    collector.current = fn;
  }, []);

  const valid = addressValid && cardComplete;
  const busy = collecting || update.isPending;
  const input = form.getInputProps;

  const save = async (address: z.output<typeof AddressSchema>) => {
    if (!cardComplete || busy || !collector.current) return;
    setCollecting(true);
    let card: CollectedCard;
    try {
      card = await collector.current({
        name: address.nameOnCard,
        line1: address.addr1,
        line2: address.addr2 ?? '',
        city: address.city,
        state: address.state,
        country: address.country,
        postalCode: address.postalCode,
      });
    } catch (error) {
      const message =
        error instanceof CardProviderError || error instanceof Error ? error.message : String(error);
      showAlert({ type: 'error', text: Messages.somethingWentWrong(message) });
      return;
    } finally {
      setCollecting(false);
    }
    update.mutate(
      {
        ...address,
        sourceId: card.paymentMethodId,
        expireMonth: card.expMonth,
        expireYear: card.expYear,
        lastFour: card.lastFour,
        cardBrand: card.brand,
      },
      {
        onSuccess: () => {
          showAlert({ type: 'success', text: Messages.billingInfoUpdated, keep: true });
          onUpdated();
        },
      },
    );
  };
  const submitAddress = onSubmit((address) => void save(address));
  const submit = (event: FormEvent) => {
    // The card fields show 'X is required' once a submit was tried.
    setSubmitted(true);
    submitAddress(event);
  };

  const cardProps = { showRequired: submitted, onCompleteChange: setCardComplete, registerCollector };

  return (
    <form onSubmit={submit} noValidate aria-label="Billing information">
      <Stack gap="sm">
        <TextInput label="Name on card" required autoComplete="cc-name" {...input('nameOnCard')} />
        <TextInput label="Company" autoComplete="organization" {...input('company')} />
        <TextInput label="Address 1" required autoComplete="address-line1" {...input('addr1')} />
        <TextInput label="Address 2" autoComplete="address-line2" {...input('addr2')} />
        <Grid gutter="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="City" required autoComplete="address-level2" {...input('city')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="State / Province" required autoComplete="address-level1" {...input('state')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect
              label="Country"
              required
              autoComplete="country"
              data={[
                // Choosable, so that leaving it empty says 'Country is required' (docs/spec.md §5).
                { value: '', label: 'Choose a country' },
                ...countries.map((c) => ({ value: c.code, label: c.name })),
              ]}
              {...input('country')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Zip/Postal Code" required autoComplete="postal-code" {...input('postalCode')} />
          </Grid.Col>
        </Grid>
        <TextInput
          label="Tax / VAT ID"
          description="Printed on your invoices and credit notes; leave empty if you have none."
          {...input('taxId')}
        />
        {gateway === 'stripe' ? (
          stripeKey.data?.publicKey ? (
            <Suspense fallback={null}>
              <StripeCardFields {...cardProps} publishableKey={stripeKey.data.publicKey} />
            </Suspense>
          ) : null
        ) : (
          <SandboxCardFields {...cardProps} />
        )}
        <Group justify="space-between" mt="sm">
          {onCancel ? (
            <Button variant="subtle" onClick={onCancel}>
              Cancel
            </Button>
          ) : (
            <Anchor component={Link} to={cancelTo}>
              Cancel
            </Anchor>
          )}
          <Button
            type="submit"
            size="md"
            disabled={!valid || busy}
            loading={busy}
            aria-describedby={valid ? undefined : 'billing-update-why'}
          >
            {submitLabel}
          </Button>
        </Group>
        {!valid && (
          // A disabled Update always says why, also before any field has been touched (docs/spec.md §5).
          <Text id="billing-update-why" size="sm" ta="right" data-testid="billing-update-why">
            {missing(addressValid, cardComplete)}
          </Text>
        )}
      </Stack>
    </form>
  );
}
