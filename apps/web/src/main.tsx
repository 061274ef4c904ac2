import './app/mantine-styles';
import './app/global.css';
import './app/text-links.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/browser-router';
import { startEarly } from './app/early-start';
import { cssVariablesResolver, theme } from './app/theme';
import { showAlert } from './features/alert';
import { getCurrentUser, subscribeToCurrentUser } from './lib/current-user';
import { createQueryClient } from './lib/query-client';

const queryClient = createQueryClient((text, action) => showAlert({ type: 'error', text, focus: action }));

// Another session's cached data must never show to the next user of this browser.
let sessionToken = getCurrentUser()?.token;
subscribeToCurrentUser(() => {
  const token = getCurrentUser()?.token;
  if (token === sessionToken) return;
  sessionToken = token;
  // The site configuration is the same for everyone; everything else belonged to the old session.
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'misc' });
});

startEarly(queryClient, window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first render is a task of its own, after the one that evaluated the modules: on a phone each
// is a long task, and together they held the main thread for twice as long (docs/decisions/020).
setTimeout(() =>
  createRoot(root).render(
    <StrictMode>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="light"
        // Every theme variable from here, none from a stylesheet (app/mantine-styles.ts).
        deduplicateCssVariables={false}
      >
        <QueryClientProvider client={queryClient}>
          <AppRouter />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  ),
);
