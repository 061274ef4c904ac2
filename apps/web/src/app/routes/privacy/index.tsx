import { List, Stack, Table, Text, Title } from '@mantine/core';
import { ColumnHeads } from '../../../components/column-heads';
import { COOKIE_CONSENT_NAME } from '../../../features/cookie-banner';

// The privacy policy the cookie notice links to (docs/design.md §1: the product's own page unless
// PRIVACY_POLICY_URL names another). It lists what the store really keeps, and why.

const browserStorage = [
  ['Cookie', 'XSRF-TOKEN', 'Protects your requests against cross-site forgery. Holds a random value only.'],
  ['Cookie', COOKIE_CONSENT_NAME, 'Remembers for 365 days that you dismissed the cookie notice.'],
  [
    'Local storage',
    'currentUser',
    'Keeps you signed in: your session token, your name and your organization.',
  ],
  ['Local storage', 'cart', 'Your shopping cart, so that it survives a reload and signing in.'],
] as const;

export default function PrivacyScreen() {
  return (
    <Stack gap="lg" maw={760} mx="auto">
      <Title order={1}>Privacy Policy</Title>
      <Text>
        The store keeps only what it needs to sell you subscriptions, license your engines and bill you. It
        uses no advertising or analytics cookies and shares nothing with third parties beyond what a payment
        needs.
      </Text>

      <Title order={2}>In your browser</Title>
      <section
        className="table-frame"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is focusable on purpose
        tabIndex={0}
        aria-label="Browser storage (scrolls sideways on small screens)"
      >
        <Table
          withTableBorder
          verticalSpacing="xs"
          miw={340}
          aria-label="What the store keeps in your browser"
        >
          <ColumnHeads names={['Kind', 'Name', 'Why']} />
          <Table.Tbody>
            {browserStorage.map(([kind, name, why]) => (
              <Table.Tr key={name}>
                <Table.Td>{kind}</Table.Td>
                <Table.Td>
                  <code>{name}</code>
                </Table.Td>
                <Table.Td>{why}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </section>
      <Text>Logging out removes currentUser; emptying the cart removes its items.</Text>

      <Title order={2}>On our servers</Title>
      <List spacing={4}>
        <List.Item>
          Your account: first and last name, e-mail address, phone number if you give one, your rights in the
          organization, and your password as a salted one-way hash (never the password itself).
        </List.Item>
        <List.Item>Your organization: its name, address and billing address, discount and terms.</List.Item>
        <List.Item>
          Your card: the card itself stays with our payment provider; the store keeps the provider's
          reference, its brand (such as Visa), its last four digits and its expiry date, to show which card is
          charged.
        </List.Item>
        <List.Item>
          Orders, bills and invoices; subscriptions, license keys, the machines a key is bound to and the RTU
          usage your engines report.
        </List.Item>
        <List.Item>
          Sign-in sessions (a hashed token and when it was last used), single-use links sent by e-mail, and
          failed sign-in counts per e-mail and per network address for 15 minutes, against password guessing.
        </List.Item>
      </List>

      <Title order={2}>Your choices</Title>
      <Text>
        You can change your name, e-mail address, phone number and password on your account page. An
        administrator of your organization can delete your account, and can ask the store's operator to remove
        the organization's data once its subscriptions have ended.
      </Text>
    </Stack>
  );
}
