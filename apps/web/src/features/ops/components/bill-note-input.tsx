import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * What the operator writes on a bill settled by hand (the payment's reference, why it was voided or
 * written off): required, one line of up to 200 characters, kept with the bill and in the log.
 */
export function BillNoteInput(props: Omit<TextInputProps, 'required' | 'maxLength' | 'w'>) {
  return <TextInput required maxLength={200} w={{ base: '100%', sm: 360 }} {...props} />;
}
