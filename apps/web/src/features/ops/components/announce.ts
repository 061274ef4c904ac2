import { showAlert } from '../../alert';

/**
 * Shows the sentence a console action answers, even when its dialog or row is gone by then (a
 * mutate callback is dropped with its component). A refusal is shown already, by the query client.
 */
export const announce = (answer: Promise<{ message: string }>) =>
  answer.then(
    ({ message }) => showAlert({ type: 'success', text: message }),
    () => undefined,
  );
