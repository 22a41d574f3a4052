import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTriangle } from 'lucide-react';
import { Button } from '../ui/button';

function ErrorScreen({ onReset }: { onReset: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <AlertTriangle className="h-12 w-12 text-red-500" aria-hidden />
      <h1 className="text-2xl font-bold">{t('errorBoundary.title')}</h1>
      <p className="max-w-md text-slate-600">{t('errorBoundary.description')}</p>
      <div className="flex gap-2">
        <Button onClick={onReset}>{t('errorBoundary.tryAgain')}</Button>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          {t('errorBoundary.reload')}
        </Button>
      </div>
    </div>
  );
}

/** Generic error screen for uncaught render errors (SPEC §2): Try Again resets, Reload Page reloads. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('Uncaught UI error', error);
  }

  render() {
    if (this.state.failed) return <ErrorScreen onReset={() => this.setState({ failed: false })} />;
    return this.props.children;
  }
}
