import { Anchor, Button, Center, Group, Loader, Modal, Text, TypographyStylesProvider } from '@mantine/core';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useEula } from '../api/get-eula';

function pdfUrlFrom(base64: string): string {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
}

/** Spec §2: the end-user agreement, as an embedded PDF or as (server-sanitized) HTML, with a Close button. */
export function EulaModal({
  planId,
  opened,
  onClose,
}: {
  planId: number | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { data, isLoading, isError } = useEula(planId, opened);
  const blobUrl = useMemo(() => (data?.pdfBase64 ? pdfUrlFrom(data.pdfBase64) : null), [data?.pdfBase64]);
  useEffect(() => () => (blobUrl ? URL.revokeObjectURL(blobUrl) : undefined), [blobUrl]);
  const pdf = blobUrl ?? data?.pdfUrl ?? null;

  // Mantine returns focus to what had it when `opened` changes, and this dialog is first mounted
  // already open (it loads on first use): it remembers its opener itself, every time.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (opened && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
  }, [opened]);
  const close = () => {
    onClose();
    opener.current?.focus();
  };

  // A PDF viewer that has focus keeps every key, Escape included: the PDF is read by pointer and
  // wheel, or in a tab of its own, and a click into it hands focus back to the dialog.
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!opened) return;
    const reclaim = () => {
      if (document.activeElement instanceof HTMLIFrameElement) content.current?.focus();
    };
    window.addEventListener('blur', reclaim);
    return () => window.removeEventListener('blur', reclaim);
  }, [opened]);

  return (
    // Composed without Modal.Header: its <header> would be a second banner landmark beside the nav's.
    <Modal.Root id="eula-modal" opened={opened} onClose={close} returnFocus={false} size="xl" centered>
      <Modal.Overlay />
      <Modal.Content ref={content}>
        <Modal.Body pt="md">
          <Modal.Title fw={650} fz="lg" mb="md">
            End-User License Agreement
          </Modal.Title>
          {isLoading && (
            <Center h={200}>
              <Loader aria-label="Loading the agreement" />
            </Center>
          )}
          {isError && <Text c="dimmed">The agreement could not be loaded. Please try again later.</Text>}
          {pdf && (
            <>
              <iframe
                title="End-User License Agreement (PDF)"
                src={pdf}
                tabIndex={-1}
                style={{ width: '100%', height: '65vh', border: 0 }}
              />
              <Anchor href={pdf} target="_blank" rel="noopener" size="sm">
                Open the agreement in a new tab
              </Anchor>
            </>
          )}
          {!pdf && data?.html && (
            <TypographyStylesProvider>
              {/* Sanitized on the server (docs/design.md §4): only bare formatting tags survive. */}
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized server-side */}
              <div dangerouslySetInnerHTML={{ __html: data.html }} />
            </TypographyStylesProvider>
          )}
          <Group justify="flex-end" mt="md">
            {/* The one close button (a second, unnamed ×, would say the same less clearly); focus starts here. */}
            <Button variant="default" onClick={close} data-autofocus>
              Close
            </Button>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
