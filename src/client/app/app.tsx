import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { ToastProvider } from '../ui/toast';
import { ErrorBoundary } from './error-boundary';
import { AppRoutes } from './routes';
import { CookieConsent } from './cookie-consent';

const queryClient = createQueryClient();

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <BrowserRouter>
          <ErrorBoundary>
            <AppRoutes />
          </ErrorBoundary>
          <CookieConsent />
        </BrowserRouter>
      </ToastProvider>
    </QueryClientProvider>
  );
}
