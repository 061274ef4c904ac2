// The router registers itself here so that code outside React (the HTTP client's 401 handling)
// can navigate without importing the route table, which would create an import cycle.
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate = (to) => window.location.assign(to);

export function registerNavigator(navigate: Navigate): void {
  navigator = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigator(to, options);
}

/** returnUrl values come from the address bar; only same-site paths are followed (no open redirect). */
export function safeReturnUrl(value: string | null | undefined, fallback = '/Subscriptions'): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

export function loginPathFor(returnUrl: string): string {
  return `/login?${new URLSearchParams({ returnUrl })}`;
}
