import { TagsInput } from '@mantine/core';
import { MAX_ENTITLEMENTS } from '@store/core';
import { entitlementsProblem } from '../plan-form';

/**
 * The plan's entitlements as chips (docs/decisions/039): typed names, `name=value` for a limit or a
 * token; Enter, a comma or a space adds one, Backspace removes the last. A bad chip is named at once.
 */
export function EntitlementsInput({
  value,
  onChange,
}: {
  value: string[];
  onChange: (value: string[]) => void;
}) {
  return (
    <TagsInput
      label="Entitlements"
      description="Features the plan licenses, copied into every license answer and file: a name (ocr) or name=value (max-pages-per-document=500). Enter or a comma adds one."
      placeholder={value.length === 0 ? 'ocr, pdf-a, max-pages-per-document=500' : undefined}
      value={value}
      onChange={onChange}
      splitChars={[',', ' ']}
      acceptValueOnBlur
      maxTags={MAX_ENTITLEMENTS}
      clearable
      error={entitlementsProblem(value)}
    />
  );
}
