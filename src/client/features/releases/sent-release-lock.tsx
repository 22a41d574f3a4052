import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Lock } from 'lucide-react';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';

/** In place of the editor for a release that has gone out: it cannot change any more. */
export function SentReleaseLock() {
  const { t } = useTranslation('releases');
  const navigate = useNavigate();
  return (
    <main className="mx-auto max-w-2xl px-4 py-12">
      <Card className="p-8 text-center">
        <Lock className="mx-auto h-10 w-10 text-slate-400" aria-hidden />
        <h1 className="mt-4 text-xl font-bold text-slate-900">{t('lock.title')}</h1>
        <p className="mt-2 text-slate-600">{t('lock.text')}</p>
        <Button className="mt-6" onClick={() => navigate('/press-releases')}>
          <ArrowLeft className="flip-rtl h-4 w-4" aria-hidden />
          {t('lock.back')}
        </Button>
      </Card>
    </main>
  );
}
