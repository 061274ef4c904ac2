import { Button, Center, Group, Loader, Modal, Text, TypographyStylesProvider } from '@mantine/core';
import { useEffect, useMemo } from 'react';
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

  return (
    <Modal
      id="eula-modal"
      opened={opened}
      onClose={onClose}
      title="End-User License Agreement"
      size="xl"
      centered
    >
      {isLoading && (
        <Center h={200}>
          <Loader aria-label="Loading the agreement" />
        </Center>
      )}
      {isError && <Text c="dimmed">The agreement could not be loaded. Please try again later.</Text>}
      {pdf && (
        <iframe
          title="End-User License Agreement (PDF)"
          src={pdf}
          style={{ width: '100%', height: '65vh', border: 0 }}
        />
      )}
      {!pdf && data?.html && (
        <TypographyStylesProvider>
          {/* Sanitized on the server (DESIGN.md §4): only bare formatting tags survive. */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized server-side */}
          <div dangerouslySetInnerHTML={{ __html: data.html }} />
        </TypographyStylesProvider>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Modal>
  );
}
