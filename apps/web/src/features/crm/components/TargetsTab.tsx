import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Target } from 'lucide-react';
import type { SalesTarget } from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Field, Input } from '../../../components/ui/Field';
import { ProgressBar, type ProgressTone } from '../../../components/ui/ProgressBar';
import { QueryState } from '../../../components/ui/QueryState';
import { formatMoney } from '../../../lib/format';
import { useSalesTargets } from '../api';
import { TargetDialog } from './TargetDialog';

const progressTone = (percent: number): ProgressTone =>
  percent >= 100 ? 'green' : percent >= 50 ? 'brand' : 'yellow';

/**
 * Sales Targets: a month's target against actual (the value of the clients won that month) for each rep
 * a manager sees, or for the rep themself; managers set and change them.
 */
export function TargetsTab({
  currentMonth,
  onSaved,
}: {
  currentMonth: string;
  onSaved: (message: string) => void;
}) {
  const { t } = useTranslation('crm');
  const [month, setMonth] = useState(currentMonth);
  const targets = useSalesTargets(month);
  const [editing, setEditing] = useState<SalesTarget | 'new' | null>(null);
  const list = targets.data?.targets ?? [];
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div className="w-44">
          <Field label={t('targets.month')} htmlFor="targets-month">
            <Input
              id="targets-month"
              type="month"
              value={month}
              onChange={(e) => e.target.value && setMonth(e.target.value)}
              data-testid="targets-month"
            />
          </Field>
        </div>
        {targets.data?.can_set && list.length > 0 && (
          <Button onClick={() => setEditing('new')} data-testid="set-target">
            <Target aria-hidden className="size-4" />
            {t('targets.set')}
          </Button>
        )}
      </div>
      <p className="mb-3 text-sm text-stone-600">{t('targets.explain')}</p>
      <QueryState
        query={targets}
        icon={Target}
        loading={t('loading')}
        empty={{ title: t('targets.empty'), message: t('targets.empty_text') }}
        isEmpty={(data) => data.targets.length === 0}
      >
        {(data) => (
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3" data-testid="target-list">
            {data.targets.map((row) => (
              <li key={row.rep_id} className="min-w-0">
                <TargetCard row={row} canSet={data.can_set} onSet={() => setEditing(row)} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {editing !== null && targets.data && (
        <TargetDialog
          reps={list}
          initial={editing === 'new' ? undefined : editing}
          month={month}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            onSaved(message);
          }}
        />
      )}
    </div>
  );
}

function TargetCard({ row, canSet, onSet }: { row: SalesTarget; canSet: boolean; onSet: () => void }) {
  const { t } = useTranslation('crm');
  const percent = row.progress_percent;
  return (
    <Card className="flex h-full flex-col p-4" data-testid="target-card" data-rep-id={row.rep_id}>
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-words text-stone-900">{row.rep_name}</h3>
        <span className="shrink-0 text-xs text-stone-500">
          {t('targets.won_clients', { count: row.won_clients })}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-xs text-stone-500">{t('targets.target')}</dt>
          <dd className="font-semibold whitespace-nowrap tabular-nums" data-testid="target-amount">
            {row.target_amount === null ? t('targets.no_target') : formatMoney(row.target_amount)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500">{t('targets.actual')}</dt>
          <dd className="font-semibold whitespace-nowrap tabular-nums" data-testid="actual-amount">
            {formatMoney(row.actual_amount)}
          </dd>
        </div>
      </dl>
      {percent !== null && (
        <div className="mt-3">
          <ProgressBar percent={percent} tone={progressTone(percent)} label={t('targets.progress')} />
          <p className="mt-1 text-xs text-stone-600 tabular-nums" data-testid="target-progress">
            {t('targets.progress_value', { percent })}
          </p>
        </div>
      )}
      {canSet && (
        <div className="mt-auto pt-4">
          <Button variant="outline" size="sm" className="w-full" onClick={onSet} data-testid="set-rep-target">
            <Target aria-hidden className="size-4" />
            {row.target_amount === null ? t('targets.set') : t('targets.change')}
          </Button>
        </div>
      )}
    </Card>
  );
}
