import { Button, FileInput, Group, Text } from '@mantine/core';
import { OpsConfirmations } from '@store/core';
import { useState } from 'react';
import { showAlert } from '../../alert';
import { useUploadEula } from '../api/upload-eula';
import { EULA_ACCEPT, eulaBody } from '../eula-file';
import { type Confirmation, ConfirmDialog } from './confirm-dialog';

/** Replaces a product's end-user agreement with a PDF or an HTML page. */
export function EulaUpload({ productId, productTitle }: { productId: number; productTitle: string }) {
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadEula();
  const [asking, setAsking] = useState<Confirmation | null>(null);
  const ask = () => {
    if (!file) return;
    setAsking({
      title: 'Replace EULA',
      body: <Text>{OpsConfirmations.eula(productTitle, file.name)}</Text>,
      typeLabel: 'Product title',
      expected: productTitle,
      confirmLabel: 'Replace EULA',
      onConfirm: () => void send(file),
    });
  };
  const send = async (file: File) => {
    const body = await eulaBody(file);
    if (!body) {
      showAlert({ type: 'error', text: 'The EULA must be a PDF or an HTML file.' });
      return;
    }
    upload.mutate(
      { productId, body },
      {
        onSuccess: () => {
          setFile(null);
          showAlert({ type: 'success', text: `EULA of ${productTitle} replaced` });
        },
      },
    );
  };
  return (
    <Group align="flex-end" gap="xs">
      <ConfirmDialog confirmation={asking} onClose={() => setAsking(null)} />
      <FileInput
        label={`New EULA of ${productTitle}`}
        description="A PDF or an HTML page"
        accept={EULA_ACCEPT}
        value={file}
        onChange={setFile}
        clearable
        size="xs"
        w={{ base: '100%', xs: 240 }}
      />
      <Button size="xs" variant="light" disabled={!file} loading={upload.isPending} onClick={ask}>
        Upload
      </Button>
    </Group>
  );
}
