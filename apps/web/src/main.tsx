import './lib/zod-without-eval.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { NotificationsHost } from './app/notifications-host.tsx';
import { AppRoutes } from './app/router.tsx';
import { startFirstLoad } from './app/first-load.ts';
import { cssVariablesResolver, theme } from './app/theme.ts';
import { checkForNewVersion } from './lib/app-version.ts';
import { queryClient } from './lib/query-client.ts';
import { styleNonce } from './lib/style-nonce.ts';

startFirstLoad(queryClient, window.location.pathname);
// A module a page imports failed to download (Vite's preload helper): likely a build replaced since this tab opened.
window.addEventListener('vite:preloadError', () => void checkForNewVersion());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} getStyleNonce={() => styleNonce}>
      <NotificationsHost />
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
