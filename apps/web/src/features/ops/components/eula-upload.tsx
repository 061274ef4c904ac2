import { Button, FileInput, Group } from '@mantine/core';
import { useState } from 'react';
import { showAlert } from '../../alert';
import { useUploadEula } from '../api/upload-eula';
import { EULA_ACCEPT, eulaBody } from '../eula-file';

/** Replaces a plan's end-user agreement with a PDF or an HTML page. */
export function EulaUpload({ planId, planName }: { planId: number; planName: string }) {
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
      { planId, body },
      {
        onSuccess: () => {
          setFile(null);
          showAlert({ type: 'success', text: `EULA of ${planName} replaced` });
        },
      },
    );
  };
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <FileInput
        label={`EULA of ${planName}`}
        placeholder="PDF or HTML"
        accept={EULA_ACCEPT}
        value={file}
        onChange={setFile}
        clearable
        size="xs"
        w={200}
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
