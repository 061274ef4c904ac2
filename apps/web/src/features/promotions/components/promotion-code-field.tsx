import { Button, Group, Text, TextInput } from '@mantine/core';
import { PromotionCheckRequestSchema } from '@store/core';
import { type FormEvent, useState } from 'react';
import { errorMessageFrom, HttpError } from '../../../lib/http';
import { useCheckPromotionCode } from '../api/check-promotion-code';
import { applyPromotion, removePromotion, useAppliedPromotion } from '../promotion-storage';

/**
 * The cart's promotion code (docs/decisions/041): checked for the organization and the cart's plans
 * without redeeming it, then shown with a way to remove it. A refusal is said under the field and
 * changes nothing.
 */
export function PromotionCodeField({ pricingPlanIds }: { pricingPlanIds: number[] }) {
  const applied = useAppliedPromotion();
  const check = useCheckPromotionCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = PromotionCheckRequestSchema.safeParse({ code, pricingPlanIds });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a promotion code.');
      return;
    }
    setError(null);
    check.mutate(parsed.data, {
      onSuccess: (promotion) => {
        applyPromotion(promotion);
        setCode('');
      },
      onError: (e) =>
        setError(
          e instanceof HttpError ? errorMessageFrom(e.body, e.message) : 'The code could not be checked.',
        ),
    });
  };

  if (applied)
    return (
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm">
          Promotion code <strong>{applied.code}</strong> applied.
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={removePromotion}>
          Remove code
        </Button>
      </Group>
    );

  return (
    <form onSubmit={submit} noValidate aria-label="Promotion code">
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label="Promotion code"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={error}
          autoComplete="off"
          style={{ flex: 1 }}
          maxLength={200}
        />
        <Button
          type="submit"
          mt={25}
          variant="default"
          loading={check.isPending}
          disabled={pricingPlanIds.length === 0}
        >
          Apply
        </Button>
      </Group>
    </form>
  );
}
