/** Builds the workspace when its output is missing or older than its sources; answers the output's path. */
export function buildIfStale(workspace: 'apps/web' | 'apps/server'): string;
