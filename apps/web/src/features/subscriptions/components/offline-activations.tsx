import { Button, Divider, FileInput, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  ActivationRequestFileSchema,
  formatUsd,
  OfflineActivationMessages,
  type UsageFileResult,
  UsageFileSchema,
} from '@store/core';
import { type FormEvent, useState } from 'react';
import { showAlert } from '../../alert';
import { useAnswerActivationRequest } from '../api/answer-activation-request';
import { useReleaseOfflineActivation } from '../api/release-offline-activation';
import { useUploadUsageFile } from '../api/upload-usage-file';

/** The JSON of an uploaded file, else of the pasted text; null when neither is JSON. */
async function jsonOf(file: File | null, pasted = ''): Promise<unknown> {
  try {
    return JSON.parse(file ? await file.text() : pasted);
  } catch {
    return null;
  }
}

/**
 * Offline machines (docs/licensing.md "Offline activation by request file", docs/decisions/040): the
 * License section's three steps for an engine without network, for a person with the Licenses role.
 */
export function OfflineActivations({ subscriptionId }: { subscriptionId: number }) {
  return (
    <Stack gap="sm" data-testid="offline-activations">
      <Divider />
      <Text size="sm" c="dimmed">
        Machines without network: upload the activation request the engine wrote and install the license file
        you get back; the machine holds a seat until you enter its release code or the file expires.
      </Text>
      <ActivationRequestForm subscriptionId={subscriptionId} />
      <ReleaseCodeForm subscriptionId={subscriptionId} />
      <UsageFileForm subscriptionId={subscriptionId} />
    </Stack>
  );
}

function ActivationRequestForm({ subscriptionId }: { subscriptionId: number }) {
  const [file, setFile] = useState<File | null>(null);
  const [pasted, setPasted] = useState('');
  const answer = useAnswerActivationRequest();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ActivationRequestFileSchema.safeParse(await jsonOf(file, pasted));
    if (!parsed.success) {
      showAlert({ type: 'error', text: OfflineActivationMessages.notJson });
      return;
    }
    answer.mutate(
      { subscriptionId, request: parsed.data },
      {
        onSuccess: (result) => {
          setFile(null);
          setPasted('');
          showAlert({ type: 'success', text: OfflineActivationMessages.answered(result.hostname) });
        },
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label="Upload activation request" noValidate>
      <Stack gap="xs">
        <FileInput
          label="Activation request file"
          description="npm run engine -- request --out req.json"
          accept="application/json,.json"
          value={file}
          onChange={setFile}
          clearable
          size="xs"
        />
        <Textarea
          label="Or paste the activation request"
          value={pasted}
          onChange={(e) => setPasted(e.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={6}
          size="xs"
          disabled={file !== null}
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            size="xs"
            variant="light"
            loading={answer.isPending}
            disabled={!file && !pasted.trim()}
          >
            Upload activation request
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ReleaseCodeForm({ subscriptionId }: { subscriptionId: number }) {
  const [code, setCode] = useState('');
  const release = useReleaseOfflineActivation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    release.mutate(
      { subscriptionId, code },
      {
        onSuccess: (released) => {
          setCode('');
          showAlert({ type: 'success', text: OfflineActivationMessages.released(released.hostname) });
        },
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label="Enter release code" noValidate>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput
          label="Release code"
          description="What npm run engine -- release printed"
          placeholder="XXXX-XXXX-XXXX-XXXX"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          size="xs"
          style={{ flex: '1 1 12rem' }}
        />
        <Button type="submit" size="xs" variant="light" loading={release.isPending} disabled={!code.trim()}>
          Enter release code
        </Button>
      </Group>
    </form>
  );
}

function UsageFileForm({ subscriptionId }: { subscriptionId: number }) {
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<UsageFileResult | null>(null);
  const upload = useUploadUsageFile();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = UsageFileSchema.safeParse(await jsonOf(file));
    if (!parsed.success) {
      showAlert({ type: 'error', text: OfflineActivationMessages.usageNotJson });
      return;
    }
    upload.mutate(
      { subscriptionId, usageFile: parsed.data },
      {
        onSuccess: (counted) => {
          setFile(null);
          setResult(counted);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label="Upload usage file" noValidate>
      <Stack gap="xs">
        <Group align="flex-end" gap="xs" wrap="wrap">
          <FileInput
            label="Usage file"
            description="npm run engine -- usage-file --out usage.json"
            accept="application/json,.json"
            value={file}
            onChange={setFile}
            clearable
            size="xs"
            style={{ flex: '1 1 12rem' }}
          />
          <Button type="submit" size="xs" variant="light" loading={upload.isPending} disabled={!file}>
            Upload usage file
          </Button>
        </Group>
        {result && (
          <Stack gap={2} role="status" data-testid="usage-file-result">
            <Text size="sm">
              {OfflineActivationMessages.usageCounted(result.accepted, result.duplicates)}
            </Text>
            {result.lateMonths.map((m) => (
              <Text size="xs" c="dimmed" key={m.month}>
                {`${m.month}, already billed: ${m.rtus.toLocaleString('en-US')} RTUs, ${formatUsd(m.amountCents)} of overage on the next bill`}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </form>
  );
}
