import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { GRACE_DAYS } from '@store/core';
import { Link } from 'react-router';

// The Store Guide the nav bar links to (docs/design.md §1: the product's own page unless STORE_GUIDE_URL
// names another). What each word of the store means, in the order a buyer meets them.

export default function GuideScreen() {
  return (
    <Stack gap="lg" maw={760} mx="auto">
      <Title order={1}>Store Guide</Title>
      <Text>
        This store sells subscriptions to our document engines and designers. This page explains what you buy,
        how it is billed, and how the license follows you from the office to a machine with no network.
      </Text>

      <Title order={2}>Plans</Title>
      <Text>
        Each product (see the{' '}
        <Anchor component={Link} to="/catalog" underline="always">
          catalog
        </Anchor>
        ) comes in plans. A plan sets the monthly fee, how many designers are included, what an extra designer
        costs, and for usage-billed products the monthly RTU allowance and the price of each RTU beyond it.
        Pro plans and the engines are licensed per engine: you choose the Number Of Engines.
      </Text>

      <Title order={2}>RTUs and usage</Title>
      <Text>
        RTUs are usage units: one per page or one per document, as the plan says. Each plan includes base RTUs
        per month (some plans count them over the year); RTUs beyond them are billed as overage at the Start
        New Month date, up to the Max Overages you set on the subscription, the monthly cap on overage charges
        (0 allows no overage at all). The Detailed RTU Usage page of a subscription shows the RTUs of each
        host for the last twelve cycles, the current one last.
      </Text>

      <Title order={2}>Billing cycles</Title>
      <List spacing={4}>
        <List.Item>
          Monthly, Quarterly or Annually: the longer cycles carry a discount, shown on each product page.
        </List.Item>
        <List.Item>
          The first cycle is charged at checkout; each later cycle is charged to the card on file on the Next
          Billing Date. A renewal that is not paid within {GRACE_DAYS} days deactivates the subscription.
        </List.Item>
        <List.Item>
          Raising a plan, engines or designers applies at once with a prorated charge for the rest of the paid
          cycle; lowering them applies at the next renewal.
        </List.Item>
        <List.Item>Your organization's discount, if it has one, applies to every cycle fee.</List.Item>
      </List>

      <Title order={2}>Licenses</Title>
      <Text>
        Every subscription has a license key, shown in its editor on the Subscriptions page. Engines validate
        the key online. Flush Keys releases the machines a key is bound to, for example after replacing a
        server. Cancelling a subscription stops its renewals; its key keeps working until the end of the
        period already paid.
      </Text>

      <Title order={2}>Offline use</Title>
      <Text>
        For machines without network access, an administrator enables offline use on a subscription, names its
        engine and designer hosts, and downloads a signed offline license file for them. The file is valid
        until {GRACE_DAYS} days after the end of the paid period; each paid renewal issues a new one. While
        offline use is enabled, the subscription's name, plan, max overages, engines and designers cannot be
        changed.
      </Text>

      <Title order={2}>Who can do what</Title>
      <Text>
        Administrators of an organization buy subscriptions, change and cancel them, manage users and the
        billing information. Every user sees the subscriptions, their usage, the billing history and their own
        account; a user who is not an administrator can fill a cart and ask an administrator to place the
        order.
      </Text>
    </Stack>
  );
}
