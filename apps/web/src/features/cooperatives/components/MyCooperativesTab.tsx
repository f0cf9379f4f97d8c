import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Landmark, ShieldCheck, Users, Warehouse, XCircle } from 'lucide-react';
import { Badge } from '../../../components/ui/Badge';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { QueryState } from '../../../components/ui/QueryState';
import { formatDate, formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useMemberships } from '../api';

export function MyCooperativesTab({ onBrowse }: { onBrowse: () => void }) {
  const { t, i18n } = useTranslation('cooperatives');
  const memberships = useMemberships();
  return (
    <QueryState
      query={memberships}
      icon={Users}
      empty={{
        title: t('mine.empty_title'),
        message: t('mine.empty_text'),
        action: (
          <Button onClick={onBrowse} data-testid="memberships-empty">
            {t('mine.browse')}
          </Button>
        ),
      }}
    >
      {(list) => (
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3" data-testid="membership-list">
          {list.map((m) => (
            <li key={m.id} className="min-w-0">
              <Card
                className="flex h-full flex-col p-4"
                data-testid="membership-card"
                data-coop-id={m.coop_id}
              >
                <div className="flex items-start justify-between gap-2">
                  <h3 className="min-w-0 font-semibold break-words text-stone-900">{m.coop_name}</h3>
                  {m.is_coordinator && <Badge tone="blue">{t('mine.coordinator')}</Badge>}
                </div>
                <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
                  <div className="min-w-0">
                    <dt className="text-xs text-stone-500">{t('mine.membership_number')}</dt>
                    <dd className="font-mono font-medium break-all">{m.membership_number}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-stone-500">{t('mine.joined')}</dt>
                    <dd className="font-medium">{formatDate(m.join_date, i18n.language)}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-stone-500">{t('mine.share_amount')}</dt>
                    <dd className="font-medium whitespace-nowrap tabular-nums">
                      {formatMoney(m.share_amount)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-stone-500">{t('mine.voting_rights')}</dt>
                    <dd className="flex items-center gap-1 font-medium">
                      {m.voting_rights ? (
                        <>
                          <ShieldCheck aria-hidden className="size-4 text-green-600" />
                          {t('mine.yes')}
                        </>
                      ) : (
                        <>
                          <XCircle aria-hidden className="size-4 text-stone-400" />
                          {t('mine.no')}
                        </>
                      )}
                    </dd>
                  </div>
                </dl>
                <div className="mt-auto flex flex-wrap gap-2 pt-4">
                  <Link
                    to={paths.cooperativeGovernance(m.coop_id)}
                    className={buttonClass('outline', 'sm', 'grow')}
                  >
                    <Landmark aria-hidden className="size-4 shrink-0" />
                    {t('card.governance')}
                  </Link>
                  <Link
                    to={paths.virtualWarehouses(m.coop_id)}
                    className={buttonClass('outline', 'sm', 'grow')}
                  >
                    <Warehouse aria-hidden className="size-4 shrink-0" />
                    {t('card.warehouses')}
                  </Link>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
