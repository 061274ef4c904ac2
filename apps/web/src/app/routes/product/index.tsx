import { Alert, Anchor, Badge, Box, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { isArtistPlan, isProPlan, type PricingPlan, productLabel } from '@store/core';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CatalogLink } from '../../../components/catalog-link';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { useTrialedPlans } from '../../../features/cart/api/get-trialed-plans';
import { useBillingCycleDiscounts } from '../../../features/catalog/api/get-billing-cycle-discounts';
import { usePlansForProduct } from '../../../features/catalog/api/get-plans-for-product';
import { useProducts } from '../../../features/catalog/api/get-products';
import { type PricePeriod, PricingTable } from '../../../features/catalog/components/pricing-table';
import { useAfterPaint } from '../../../lib/after-paint';
import { useCurrentUser } from '../../../lib/current-user';
import { HttpError } from '../../../lib/http';
import { usePageTitle } from '../../page-title';

// The pricing table's two variants (spec §2), as two toggle buttons: the shell's Button rather than a
// segmented control of its own (docs/decisions/020).
const PERIODS: { label: string; value: PricePeriod }[] = [
  { label: 'Monthly', value: 'month' },
  { label: 'Annual', value: 'year' },
];

/**
 * The form is a chunk of its own (its form state, number fields and cart), asked for once the price
 * table has been painted: the form starts below a phone's first screen, so its code and styles are
 * not what the phone's first paint waits for, nor share the network with it.
 */
let formLoaded = false;
const ProductForm = lazy(async () => {
  const { ProductForm } = await import('../../../features/catalog/components/product-form');
  formLoaded = true;
  return { default: ProductForm };
});
const FORM_PLACEHOLDER = <LoadingPlaceholder h={480} label="Loading the order form" />;

function NotFound({ name }: { name: string }) {
  return (
    <Stack maw={560} gap="md" data-testid="product-not-found">
      <Title order={1}>Product not found</Title>
      <Text>
        We do not sell a product called “{name}”. It may have been renamed, or the link may be mistyped.
      </Text>
      <Group>
        <Button component={Link} to="/catalog">
          Browse all products
        </Button>
      </Group>
    </Stack>
  );
}

export default function ProductScreen() {
  const { productName = '' } = useParams();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const trialed = useTrialedPlans(user?.organization.organizationId ?? null);
  const products = useProducts();
  const plans = usePlansForProduct(productName);
  const discounts = useBillingCycleDiscounts();
  const [chosen, setChosen] = useState<PricingPlan | null>(null);
  const [period, setPeriod] = useState<PricePeriod>('month');
  // Spec §4: once plans load, the first is selected (in the same render, so the form never shows
  // without a plan); another product's page starts again from its first plan.
  const selected =
    plans.data?.find((p) => p.pricingPlanId === chosen?.pricingPlanId) ?? plans.data?.[0] ?? null;

  const product = products.data?.find((p) => p.productName.toLowerCase() === productName.toLowerCase());
  const notFound = plans.error instanceof HttpError && plans.error.status === 404;
  // The description and the plans appear together, once all three answers are in, so nothing on the
  // screen moves as each arrives (no layout shift); the form in the placeholder's place after them,
  // at once when its chunk is already here.
  const ready = !products.isPending && !plans.isPending && !discounts.isPending;
  const formDue = useAfterPaint(ready) || formLoaded;
  usePageTitle(notFound ? 'Product not found' : (product?.title ?? productName));
  if (notFound) return <NotFound name={productName} />;

  const title = product?.title ?? productName;
  const kind = plans.data?.[0]
    ? isArtistPlan(plans.data[0])
      ? 'Artist'
      : isProPlan(plans.data[0])
        ? 'Pro'
        : 'Flex'
    : null;

  return (
    <Stack gap="xl">
      <Stack gap={6}>
        <Anchor component={Link} to="/catalog" size="sm">
          ← All products
        </Anchor>
        <Group gap="sm" align="center">
          <Title order={1}>{title}</Title>
          {product && productLabel(product.product) !== product.title && (
            <Badge variant="light">{productLabel(product.product)}</Badge>
          )}
        </Group>
        {/* With the table, not before it: a description of several lines arriving first pushed the
            table's placeholder down the screen (a layout shift on a phone). */}
        {ready && product ? (
          <Text c="dimmed" maw={760}>
            {product.description}
          </Text>
        ) : (
          !ready && <Skeleton h={20} w="60%" />
        )}
      </Stack>
      {!ready && <LoadingPlaceholder h={300} label="Loading the plans" />}
      {ready && (
        <>
          {plans.isError && !(plans.error instanceof HttpError && plans.error.status === 404) && (
            <Alert color="red" title="The plans could not be loaded">
              {plans.error.message}
            </Alert>
          )}
          {plans.data && plans.data.length === 0 && (
            <Alert color="yellow">
              No plans of this product are on sale at the moment.{' '}
              <CatalogLink>See the other products</CatalogLink>.
            </Alert>
          )}

          <Stack gap="sm">
            <Group justify="space-between" align="end">
              <div>
                <Title order={2} size="h3">
                  Choose a plan
                </Title>
                <Text size="sm" c="dimmed">
                  {kind === 'Pro'
                    ? 'Priced per engine; designer seats are added per designer.'
                    : 'Click a plan, or use the arrow keys once Tab has reached the plans.'}
                </Text>
              </div>
              <Button.Group aria-label="Show prices">
                {PERIODS.map(({ label, value }) => (
                  <Button
                    key={value}
                    size="xs"
                    variant={period === value ? 'filled' : 'default'}
                    aria-pressed={period === value}
                    onClick={() => setPeriod(value)}
                  >
                    {label}
                  </Button>
                ))}
              </Button.Group>
            </Group>
            {plans.data && (
              <PricingTable
                plans={plans.data}
                selectedId={selected?.pricingPlanId ?? null}
                onSelect={setChosen}
                period={period}
              />
            )}
          </Stack>
          {/* The form under the table, centred: 8 of 12 columns wide on a tablet, 7 on a desktop. */}
          <Box w={{ base: '100%', md: `${(8 / 12) * 100}%`, lg: `${(7 / 12) * 100}%` }} mx="auto">
            {formDue && plans.data && plans.data.length > 0 && discounts.data ? (
              <Suspense fallback={FORM_PLACEHOLDER}>
                <ProductForm
                  plans={plans.data}
                  selected={selected}
                  onSelect={setChosen}
                  discounts={discounts.data}
                  allowMonthly={user?.organization.allowMonthly ?? true}
                  orgDiscount={user?.organization.discount ?? 0}
                  trialedPlanIds={trialed.data?.pricingPlanIds ?? []}
                  onAdded={() => navigate('/Cart')}
                />
              </Suspense>
            ) : (
              !plans.isError && FORM_PLACEHOLDER
            )}
          </Box>
        </>
      )}
    </Stack>
  );
}
