import { Alert, Container } from '@mantine/core';
import { type Ref, useEffect, useRef } from 'react';
import { focusElement } from '../../lib/focus';
import { type AlertMessage, clearAlert, useAlert } from './alert-store';

function Banner({ alert, role, ref }: { alert: AlertMessage; role: string; ref?: Ref<HTMLDivElement> }) {
  const isError = alert.type === 'error';
  return (
    <Container size="lg" pt="md">
      <Alert
        ref={ref}
        role={role}
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

export function AlertBanner() {
  const alert = useAlert();
  const status = useRef<HTMLDivElement>(null);
  const failure = useRef<HTMLDivElement>(null);
  const isError = alert?.type === 'error';
  useEffect(() => {
    if (alert?.focus) focusElement(alert.type === 'error' ? failure.current : status.current);
  }, [alert]);
  // role alert interrupts the screen reader for failures, and is read when it appears. Success is
  // announced politely, which a screen reader does only for text set into a live region that was
  // already there: the status region stays in the page, empty between messages.
  return (
    <>
      <div role="status" ref={status}>
        {alert && !isError && <Banner alert={alert} role="group" />}
      </div>
      {alert && isError && <Banner alert={alert} role="alert" ref={failure} />}
    </>
  );
}
