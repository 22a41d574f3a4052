import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { i18nReady } from './lib/i18n';
import { App } from './app/app';

// SPEC §8: unhandled rejections are logged, not shown; the error boundary handles render errors.
window.addEventListener('unhandledrejection', (event) => {
  console.error('Unhandled rejection', event.reason);
  event.preventDefault();
});

// The first paint waits for the current language's common texts, so no raw key ever flashes.
void i18nReady.finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
