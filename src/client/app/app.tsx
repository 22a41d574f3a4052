import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, Outlet, RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { ToastProvider } from '../ui/toast';
import { ErrorBoundary } from './error-boundary';
import { appRoutes } from './routes';
import { CookieConsent } from './cookie-consent';

const queryClient = createQueryClient();

function Shell() {
  return (
    <>
      <ErrorBoundary>
        <Outlet />
      </ErrorBoundary>
      <CookieConsent />
    </>
  );
}

const router = createBrowserRouter(appRoutes(<Shell />));

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>
  );
}
