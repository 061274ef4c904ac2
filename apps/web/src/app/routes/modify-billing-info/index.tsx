import { Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { type BillingDescription, type Country, cardBrandName } from '@store/core';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { useCurrentOrganization } from '../../../features/auth';
import { useBillingDescription } from '../../../features/billing-info/api/get-billing-description';
import { useCountryCodes } from '../../../features/billing-info/api/get-country-codes';
import { BillingForm } from '../../../features/billing-info/components/billing-form';
import { safeReturnUrl } from '../../../lib/navigation';

function CurrentBillingInfo({ info, countries }: { info: BillingDescription; countries: Country[] }) {
  const country = countries.find((c) => c.code === info.country)?.name ?? info.country;
  const hasAny = Boolean(info.name || info.addr1);
  return (
    <Paper withBorder radius="md" p="lg" bg="gray.0" data-testid="current-billing-info">
      <Title order={2} size="h4" mb="sm">
        Current billing information
      </Title>
      {hasAny ? (
        <Stack gap={2}>
          {(
            [
              ['name', info.name],
              ['company', info.company],
              ['addr1', info.addr1],
              ['addr2', info.addr2],
              ['city', info.city],
              ['state', info.state],
              ['country', country],
              ['zip', info.zip],
            ] as const
          )
            .filter(([, line]) => Boolean(line))
            .map(([key, line]) => (
              <Text key={key}>{line}</Text>
            ))}
          {info.cardLastFour && (
            <Text mt="xs" fw={600} data-testid="card-on-file">
              {cardBrandName(info.cardBrand)} ending in {info.cardLastFour}
              {info.cardExpMonth && info.cardExpYear
                ? `, expires ${String(info.cardExpMonth).padStart(2, '0')}/${info.cardExpYear}`
                : ''}
            </Text>
          )}
        </Stack>
      ) : (
        <Text c="dimmed">No billing information yet. Add a card to buy subscriptions.</Text>
      )}
    </Paper>
  );
}

export default function ModifyBillingInfoScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const rawReturn = params.get('returnUrl');
  const returnUrl = rawReturn ? safeReturnUrl(rawReturn) : null;
  const current = useBillingDescription();
  const organization = useCurrentOrganization();
  const countries = useCountryCodes();
  const ready = current.data && countries.data && !organization.isPending;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Modify Billing Information</Title>
        <Text c="dimmed">The card on file pays for new subscriptions and for renewals.</Text>
      </div>
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="md" p="lg">
            {ready ? (
              <BillingForm
                current={current.data}
                organization={organization.data}
                countries={countries.data ?? []}
                // docs/design.md §2: Cancel goes back where the user came from, else to Subscriptions.
                cancelTo={returnUrl ?? '/Subscriptions'}
                onUpdated={() => {
                  void current.refetch();
                  if (returnUrl) navigate(returnUrl);
                }}
              />
            ) : (
              <LoadingPlaceholder h={520} label="Loading the billing form" />
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          {current.data && countries.data ? (
            <CurrentBillingInfo info={current.data} countries={countries.data} />
          ) : (
            <LoadingPlaceholder h={200} label="Loading the billing information on file" />
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
