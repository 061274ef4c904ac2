import { Badge, Button, Group, Table, Text, TextInput } from '@mantine/core';
import { ClaimDomainSchema, SsoMessages } from '@store/core';
import { DangerButton } from '../../../components/danger-button';
import { ScreenSection } from '../../../components/screen-section';
import { useSchemaForm } from '../../../lib/form';
import { showAlert } from '../../alert';
import { useClaimDomain } from '../api/claim-domain';
import { useClaimedDomains } from '../api/get-claimed-domains';
import { useReleaseDomain } from '../api/release-domain';

/** The organization's claimed e-mail domains, and the claim of another (docs/decisions/036). */
export function ClaimedDomains() {
  const domains = useClaimedDomains();
  const claim = useClaimDomain();
  const release = useReleaseDomain();
  const { form, onSubmit, reset } = useSchemaForm(ClaimDomainSchema, { initialValues: { domain: '' } });
  const submit = onSubmit((values) =>
    claim.mutate(values, {
      onSuccess: (claimed) => {
        reset({ domain: '' });
        showAlert({ type: 'success', text: SsoMessages.claimed(claimed.domain) });
      },
    }),
  );
  const list = domains.data?.domains ?? [];
  return (
    <ScreenSection
      headingId="sso-domains-heading"
      heading={SsoMessages.domainsHeading}
      intro={SsoMessages.domainsIntro}
    >
      {domains.isSuccess && list.length === 0 && <Text>{SsoMessages.noDomains}</Text>}
      {list.length > 0 && (
        <Table>
          <Table.Tbody>
            {list.map((d) => (
              <Table.Tr key={d.domain}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{d.domain}</Table.Td>
                <Table.Td>
                  <Badge color={d.verified ? 'teal.9' : 'gray.7'} tt="none">
                    {d.verified ? SsoMessages.verified : SsoMessages.pending}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">
                  <DangerButton
                    size="compact-sm"
                    aria-label={`${SsoMessages.release} ${d.domain}`}
                    onClick={() =>
                      release.mutate(d.domain, {
                        onSuccess: () => showAlert({ type: 'success', text: SsoMessages.released(d.domain) }),
                      })
                    }
                  >
                    {SsoMessages.release}
                  </DangerButton>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <form onSubmit={submit} noValidate aria-label={SsoMessages.claim}>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={SsoMessages.domainLabel}
            placeholder="example.com"
            autoComplete="off"
            required
            {...form.getInputProps('domain')}
          />
          <Button type="submit" loading={claim.isPending}>
            {SsoMessages.claim}
          </Button>
        </Group>
      </form>
    </ScreenSection>
  );
}
