import { type ReactNode, useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { DangerButton } from '../../../components/danger-button';

/**
 * The small red button that frees a seat (Deactivate a machine, End a lease): it asks first, and
 * Cancel changes nothing.
 */
export function ReleaseSeatButton({
  label,
  ariaLabel,
  title,
  confirmLabel,
  question,
  pending,
  onConfirm,
}: {
  label: string;
  ariaLabel: string;
  title: string;
  confirmLabel: string;
  question: ReactNode;
  pending: boolean;
  onConfirm: () => void;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <DangerButton
        size="compact-xs"
        onClick={() => setAsking(true)}
        loading={pending}
        aria-label={ariaLabel}
        style={{ flexShrink: 0 }}
      >
        {label}
      </DangerButton>
      <ConfirmModal
        opened={asking}
        title={title}
        confirmLabel={confirmLabel}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {question}
      </ConfirmModal>
    </>
  );
}
