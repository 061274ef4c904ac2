import { Checkbox, Stack, Text } from '@mantine/core';

// Mantine gives a checkbox's description no id: it is tied to its box here, so it is read with it.
const describedBy = (idPrefix: string, code: string) =>
  `${idPrefix}-${code.replace(/[^\w-]/g, '-')}-description`;

/**
 * The boxes of a Checkbox.Group whose values are codes a customer's tools use (API scopes, webhook
 * event types): each code as it is written, with what it means under it.
 */
export function CodeCheckboxes<C extends string>({
  codes,
  descriptions,
  idPrefix,
}: {
  codes: readonly C[];
  descriptions: Readonly<Record<C, string>>;
  idPrefix: string;
}) {
  return (
    <Stack gap="xs" mt="xs">
      {codes.map((code) => (
        <Checkbox
          key={code}
          value={code}
          label={
            <Text component="code" ff="monospace" size="sm">
              {code}
            </Text>
          }
          description={<span id={describedBy(idPrefix, code)}>{descriptions[code]}</span>}
          aria-describedby={describedBy(idPrefix, code)}
        />
      ))}
    </Stack>
  );
}
