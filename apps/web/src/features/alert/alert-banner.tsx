import { Alert, Container } from '@mantine/core';
import { clearAlert, useAlert } from './alert-store';

export function AlertBanner() {
  const alert = useAlert();
  if (!alert) return null;
  const isError = alert.type === 'error';
  // role alert interrupts the screen reader for failures; success is announced politely (status).
  return (
    <Container size="lg" pt="md">
      <Alert
        role={isError ? 'alert' : 'status'}
        variant="light"
        color={isError ? 'red' : 'teal'}
        withCloseButton
        closeButtonLabel="Dismiss message"
        onClose={clearAlert}
        data-alert-type={alert.type}
        styles={{ message: { fontSize: 'var(--mantine-font-size-sm)' } }}
      >
        {alert.text}
      </Alert>
    </Container>
  );
}
