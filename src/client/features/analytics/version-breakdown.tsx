import { useTranslation } from 'react-i18next';
import type { ReleaseAnalytics } from '../../../shared/releases';
import { formatNumber } from '../../lib/i18n';
import { Card, CardHeader } from '../../ui/card';
import { ScrollRegion } from '../../ui/scroll-region';

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
  // Figures down, groups across: two or three narrow columns fit a phone, so no figure hides off screen.
  const figures = [
    { key: 'recipients', value: (row: (typeof rows)[number]) => row.recipients },
    { key: 'delivered', value: (row: (typeof rows)[number]) => row.delivered },
    { key: 'opens', value: (row: (typeof rows)[number]) => row.uniqueOpens },
    { key: 'clicks', value: (row: (typeof rows)[number]) => row.clicks },
    { key: 'downloads', value: (row: (typeof rows)[number]) => row.downloads },
  ] as const;
  return (
    <Card>
      <CardHeader title={t('versions.title')} description={t('versions.description')} />
      <ScrollRegion label={t('versions.title')}>
        <table className="w-full text-sm sm:w-auto sm:min-w-[28rem]" data-testid="version-breakdown">
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              <td className="px-3 py-2" />
              {rows.map((row) => (
                <th key={row.key} scope="col" className="px-3 py-2 text-end font-medium text-slate-800">
                  {row.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {figures.map((figure) => (
              <tr key={figure.key} className="border-t border-slate-100">
                <th scope="row" className="px-3 py-2 text-start font-medium">{t(`versions.${figure.key}`)}</th>
                {rows.map((row) => (
                  <td key={row.key} className="px-3 py-2 text-end tabular-nums">
                    {formatNumber(figure.value(row))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </Card>
  );
}
