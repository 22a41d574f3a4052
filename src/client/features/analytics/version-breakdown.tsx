import { useTranslation } from 'react-i18next';
import type { ReleaseAnalytics } from '../../../shared/releases';
import { formatNumber } from '../../lib/i18n';
import { Card, CardHeader } from '../../ui/card';

/**
 * Every figure per version of a two-language release, and the newsroom's followers apart (they are not
 * in the journalists' totals above). Shown only when there is more than one group to compare.
 */
export function VersionBreakdown({ data }: { data: ReleaseAnalytics }) {
  const { t } = useTranslation('analytics');
  const rows = [
    ...data.byVersion.map((v) => ({ key: v.language, label: t(`versions.${v.language}`), ...v })),
    ...(data.followers.recipients > 0 ? [{ key: 'followers', label: t('versions.followers'), ...data.followers }] : []),
  ];
  if (rows.length < 2) return null;
  const cell = (value: number) => <td className="px-3 py-2 text-end tabular-nums">{formatNumber(value)}</td>;
  return (
    <Card>
      <CardHeader title={t('versions.title')} description={t('versions.description')} />
      <div className="overflow-x-auto">
        <table className="w-full text-sm" data-testid="version-breakdown">
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2 text-start font-medium">{t('versions.group')}</th>
              <th scope="col" className="px-3 py-2 text-end font-medium">{t('versions.recipients')}</th>
              <th scope="col" className="px-3 py-2 text-end font-medium">{t('versions.delivered')}</th>
              <th scope="col" className="px-3 py-2 text-end font-medium">{t('versions.opens')}</th>
              <th scope="col" className="px-3 py-2 text-end font-medium">{t('versions.clicks')}</th>
              <th scope="col" className="px-3 py-2 text-end font-medium">{t('versions.downloads')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-t border-slate-100">
                <th scope="row" className="px-3 py-2 text-start font-medium text-slate-800">{row.label}</th>
                {cell(row.recipients)}
                {cell(row.delivered)}
                {cell(row.uniqueOpens)}
                {cell(row.clicks)}
                {cell(row.downloads)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
