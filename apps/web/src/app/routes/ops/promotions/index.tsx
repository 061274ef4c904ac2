import { Badge, Button, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { formatMediumDate, type OpsPromotion } from '@store/core';
import { showAlert } from '../../../../features/alert';
import { useCatalog } from '../../../../features/ops/api/get-catalog';
import { useDeactivatePromotion, usePromotions } from '../../../../features/ops/api/promotions';
import { PromotionForm } from '../../../../features/ops/components/promotion-form';
import { FramedTable } from '../../../../features/ops/components/table-frame';

const redemptionsText = (p: OpsPromotion) =>
  `${p.redemptions}${p.maxRedemptions === null ? '' : ` of ${p.maxRedemptions}`}`;

/**
 * The console's promotion codes (docs/decisions/041, docs/operator.md): every code with its terms and
 * redemptions, a form for a new one, and Deactivate, which refuses the code from then on.
 */
export default function OpsPromotionsScreen() {
  const promotions = usePromotions();
  const catalog = useCatalog();
  const deactivate = useDeactivatePromotion();
  const planNames = new Map<number, string>();
  for (const product of catalog.data?.products ?? [])
    for (const plan of product.plans) planNames.set(plan.pricingPlanId, plan.planName);
  const plansText = (ids: number[]) =>
    ids.length === 0 ? 'Any plan' : ids.map((id) => planNames.get(id) ?? `Plan ${id}`).join(', ');
  return (
    <Stack gap="md">
      <Title order={2}>Promotion codes</Title>
      <PromotionForm />
      {promotions.isPending ? (
        <Loader aria-label="Loading promotion codes" />
      ) : (promotions.data ?? []).length === 0 ? (
        <Text c="dimmed">No promotion codes yet.</Text>
      ) : (
        <FramedTable
          label="Promotion codes"
          minWidth={760}
          striped
          heads={['Code', 'Terms', 'Plans', 'Expires', 'Redemptions', 'Status']}
          actions="Actions"
        >
          {promotions.data?.map((p) => (
            <Table.Tr key={p.promotionCodeId} data-testid="promotion-row">
              <Table.Td fw={700}>{p.code}</Table.Td>
              <Table.Td>
                {p.description}
                {p.oncePerOrganization ? ', once per organization' : ''}
              </Table.Td>
              <Table.Td>{plansText(p.planIds)}</Table.Td>
              <Table.Td>{p.expiresAt ? formatMediumDate(p.expiresAt) : 'Never'}</Table.Td>
              <Table.Td>{redemptionsText(p)}</Table.Td>
              <Table.Td>
                <Badge color={p.isActive ? 'teal.9' : 'gray.7'} variant="filled" tt="none">
                  {p.isActive ? 'Active' : 'Deactivated'}
                </Badge>
              </Table.Td>
              <Table.Td>
                {p.isActive && (
                  <Button
                    size="compact-sm"
                    variant="default"
                    aria-label={`Deactivate ${p.code}`}
                    loading={deactivate.isPending && deactivate.variables === p.promotionCodeId}
                    onClick={() =>
                      deactivate.mutate(p.promotionCodeId, {
                        onSuccess: () => showAlert({ type: 'success', text: `${p.code} is deactivated.` }),
                      })
                    }
                  >
                    Deactivate
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </FramedTable>
      )}
    </Stack>
  );
}
