import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatUsd, type OpsPlan, type OpsProduct, toCents } from '@store/core';
import { EulaUpload } from './eula-upload';
import { MovePlanSubscribers } from './move-plan-subscribers';
import { FramedTable } from './table-frame';

/** One product of the catalogue with all its plans, unavailable ones included. */
export function CatalogProduct({
  product,
  onEditProduct,
  onEditPlan,
  onNewPlan,
}: {
  product: OpsProduct;
  onEditProduct: () => void;
  onEditPlan: (plan: OpsPlan) => void;
  onNewPlan: () => void;
}) {
  const headingId = `product-${product.productId}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={3} id={headingId}>
              {product.title}
            </Title>
            <Text size="sm" c="dimmed">
              {product.productName} · flags {product.product} ·{' '}
              {product.isAvailable ? 'in the catalogue' : 'hidden'}
              {' · EULA: '}
              {product.eula ? product.eula.toUpperCase() : 'none'}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              onClick={onEditProduct}
              aria-label={`Edit product ${product.title}`}
            >
              Edit product
            </Button>
            <Button size="xs" onClick={onNewPlan} aria-label={`Add plan to ${product.title}`}>
              Add plan
            </Button>
          </Group>
        </Group>
        <Text size="sm">{product.description}</Text>
        {product.plans.length === 0 ? (
          <Text c="dimmed">No plans yet.</Text>
        ) : (
          <FramedTable
            label={`Plans of ${product.title}`}
            minWidth={600}
            striped
            verticalSpacing="xs"
            heads={[
              'Plan',
              { name: 'Monthly fee', numeric: true },
              { name: 'Base RTUs', numeric: true },
              { name: 'Subscribers', numeric: true },
              'Availability',
            ]}
            actions="Actions"
          >
            {product.plans.map((plan) => (
              <Table.Tr key={plan.pricingPlanId}>
                <Table.Td>{plan.planName}</Table.Td>
                <Table.Td ta="right">{formatUsd(toCents(plan.monthlyFee))}</Table.Td>
                <Table.Td ta="right">{plan.baseRtus}</Table.Td>
                <Table.Td ta="right">{plan.subscriberCount}</Table.Td>
                <Table.Td>
                  {plan.isAvailable ? (
                    <Badge color="teal.9" size="sm">
                      Available
                    </Badge>
                  ) : (
                    <Badge color="gray.7" size="sm">
                      Unavailable
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {!plan.isAvailable && plan.subscriberCount > 0 && (
                      <MovePlanSubscribers plan={plan} plans={product.plans} />
                    )}
                    <Button
                      size="xs"
                      variant="subtle"
                      onClick={() => onEditPlan(plan)}
                      aria-label={`Edit plan ${plan.planName}`}
                    >
                      Edit
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </FramedTable>
        )}
        <EulaUpload productId={product.productId} productTitle={product.title} />
      </Stack>
    </Paper>
  );
}
