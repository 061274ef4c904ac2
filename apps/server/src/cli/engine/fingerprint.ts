import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname, networkInterfaces, platform } from 'node:os';

// The reference engine's machine fingerprint (docs/licensing.md, "Fingerprints"): the SHA-256, in hex,
// of "<source>:<value>" for the first source that answers on this platform. A container's identity
// comes first, so every pod or container is a machine of its own and a restarted one is a new one;
// the same machine always computes the same fingerprint, so it never holds two seats.

type Source = { source: string; read: () => string | null };

const file = (path: string) => () => {
  try {
    return readFileSync(path, 'utf8').trim() || null;
  } catch {
    return null;
  }
};

const command = (cmd: string, args: string[], pattern: RegExp) => () => {
  try {
    return pattern.exec(execFileSync(cmd, args, { encoding: 'utf8', timeout: 5000 }))?.[1] ?? null;
  } catch {
    return null;
  }
};

/** A container's 64-hex id from the cgroup or mount table (Docker, containerd, CRI-O). */
const containerId = () => {
  for (const path of ['/proc/self/cgroup', '/proc/self/mountinfo']) {
    const text = file(path)();
    const id = text ? /([0-9a-f]{64})/.exec(text)?.[1] : undefined;
    if (id) return id;
  }
  return null;
};

/** The MAC addresses of the physical interfaces, sorted: the last resort, stable across reboots. */
const macs = () => {
  const all = Object.values(networkInterfaces())
    .flat()
    .filter((i) => i && !i.internal && i.mac !== '00:00:00:00:00:00')
    .map((i) => i!.mac);
  return all.length > 0 ? [...new Set(all)].sort().join(',') : null;
};

export function fingerprintSources(os: NodeJS.Platform = platform()): Source[] {
  const common: Source[] = [
    // Kubernetes: the pod's UID, handed in by the downward API (docs/licensing.md shows the manifest).
    { source: 'pod', read: () => process.env.POD_UID?.trim() || null },
  ];
  if (os === 'linux') {
    return [
      ...common,
      { source: 'container', read: containerId },
      { source: 'machine-id', read: file('/etc/machine-id') },
      { source: 'machine-id', read: file('/var/lib/dbus/machine-id') },
      { source: 'mac', read: macs },
    ];
  }
  if (os === 'darwin') {
    return [
      ...common,
      {
        source: 'platform-uuid',
        read: command('ioreg', ['-rd1', '-c', 'IOPlatformExpertDevice'], /"IOPlatformUUID" = "([^"]+)"/),
      },
      { source: 'mac', read: macs },
    ];
  }
  if (os === 'win32') {
    return [
      ...common,
      {
        source: 'machine-guid',
        read: command(
          'reg',
          ['query', 'HKLM\\SOFTWARE\\Microsoft\\Cryptography', '/v', 'MachineGuid'],
          /MachineGuid\s+REG_SZ\s+(\S+)/,
        ),
      },
      { source: 'mac', read: macs },
    ];
  }
  return [...common, { source: 'mac', read: macs }];
}

export const fingerprintOf = (source: string, value: string): string =>
  createHash('sha256').update(`${source}:${value}`).digest('hex');

/** This machine's fingerprint, from the first source that answers (the host name when none does). */
export function machineFingerprint(sources: Source[] = fingerprintSources()): string {
  for (const { source, read } of sources) {
    const value = read();
    if (value) return fingerprintOf(source, value);
  }
  return fingerprintOf('hostname', hostname());
}
