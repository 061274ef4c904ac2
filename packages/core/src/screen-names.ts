// The names of screens that the shell's menu and the route table show, each in a file of its own
// away from what the screen says: a bundler puts a whole module where it is first needed, so the
// web's entry, which holds the menu and the route table, would otherwise carry every message of
// those screens (docs/decisions/020).

export const SsoScreenName = { heading: 'Single sign-on', menuItem: 'Single sign-on' } as const;

export const ApiTokenScreenName = { heading: 'API & Webhooks', menuItem: 'API & Webhooks' } as const;
