import { TextInput } from '@mantine/core';

/** From and To days of a list's filter; each bounds the other, so no range runs backwards. */
export function DateRangeInputs({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
}) {
  return (
    <>
      <TextInput
        type="date"
        label="From"
        value={from}
        max={to || undefined}
        onChange={(e) => onChange({ from: e.currentTarget.value, to })}
        w={{ base: '100%', xs: 160 }}
      />
      <TextInput
        type="date"
        label="To"
        value={to}
        min={from || undefined}
        onChange={(e) => onChange({ from, to: e.currentTarget.value })}
        w={{ base: '100%', xs: 160 }}
      />
    </>
  );
}
