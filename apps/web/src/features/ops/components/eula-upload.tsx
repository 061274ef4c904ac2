import { Button, FileInput, Group } from '@mantine/core';
import { useState } from 'react';
import { showAlert } from '../../alert';
import { useUploadEula } from '../api/upload-eula';
import { EULA_ACCEPT, eulaBody } from '../eula-file';

/** Replaces a product's end-user agreement with a PDF or an HTML page. */
export function EulaUpload({ productId, productTitle }: { productId: number; productTitle: string }) {
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadEula();
  const send = async () => {
    if (!file) return;
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
      <FileInput
        label={`New EULA of ${productTitle}`}
        placeholder="PDF or HTML"
        accept={EULA_ACCEPT}
        value={file}
        onChange={setFile}
        clearable
        size="xs"
        w={{ base: '100%', xs: 240 }}
      />
      <Button
        size="xs"
        variant="light"
        disabled={!file}
        loading={upload.isPending}
        onClick={() => void send()}
      >
        Upload
      </Button>
    </Group>
  );
}
