import { Badge, Button, Table, Text } from '@mantine/core';
import { SsoMessages } from '@store/core';
import { showAlert } from '../../alert';
import { useOrganizationDomains, useVerifyDomain } from '../api/verify-domain';
import { ConsoleSection } from './console-section';

/**
 * The organization's claimed e-mail domains (docs/decisions/037): the operator verifies a pending one
 * after checking the organization holds it, as `npm run ops -- org:verify-domain` does.
 */
export function OrganizationDomains({ organizationId }: { organizationId: number }) {
  const domains = useOrganizationDomains(organizationId);
  const verify = useVerifyDomain(organizationId);
  const list = domains.data?.domains ?? [];
  return (
    <ConsoleSection headingId="domains-heading" title={SsoMessages.domainsHeading}>
      {domains.isSuccess && list.length === 0 && <Text size="sm">{SsoMessages.opsNoDomains}</Text>}
      {list.length > 0 && (
        <Table aria-labelledby="domains-heading">
          <Table.Tbody>
            {list.map((d) => (
              <Table.Tr key={d.domain}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{d.domain}</Table.Td>
                <Table.Td w="1%" style={{ whiteSpace: 'nowrap' }}>
                  {/* Never cut to "Verifi…" on a phone: this column keeps its word and the domain wraps. */}
                  <Badge color={d.verified ? 'teal.9' : 'gray.7'} tt="none" style={{ overflow: 'visible' }}>
                    {d.verified ? SsoMessages.verified : SsoMessages.pending}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">
                  {!d.verified && (
                    <Button
                      size="compact-sm"
                      aria-label={`${SsoMessages.opsVerify} ${d.domain}`}
                      loading={verify.isPending && verify.variables === d.domain}
                      onClick={() =>
                        verify.mutate(d.domain, {
                          onSuccess: () =>
                            showAlert({ type: 'success', text: SsoMessages.opsVerified(d.domain) }),
                        })
                      }
                    >
                      {SsoMessages.opsVerify}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </ConsoleSection>
  );
}
