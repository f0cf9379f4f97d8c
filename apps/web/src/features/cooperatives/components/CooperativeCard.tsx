import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Building2, CalendarDays, CheckCircle2, Landmark, MapPin, Users, Warehouse } from 'lucide-react';
import {
  acceptsMembers,
  inSast,
  membershipProgress,
  type Cooperative,
  type CooperativeStatus,
} from '@tt/domain';
import { Badge, type Tone } from '../../../components/ui/Badge';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ProgressBar } from '../../../components/ui/ProgressBar';
import { paths } from '../../../lib/paths';
import { JoinCooperativeDialog } from './JoinCooperativeDialog';

const statusTones: Record<CooperativeStatus, Tone> = {
  active: 'green',
  pending: 'yellow',
  inactive: 'grey',
};

function yearOf(iso: string) {
  return String(inSast(new Date(iso)).getUTCFullYear());
}

export function CooperativeCard({
  coop,
  member,
  membershipsKnown,
  joining,
  onJoin,
}: {
  coop: Cooperative;
  member: boolean;
  membershipsKnown: boolean;
  joining: boolean;
  /** Joins, then calls `done` (the confirmation closes). */
  onJoin: (done: () => void) => void;
}) {
  const { t } = useTranslation('cooperatives');
  const [confirming, setConfirming] = useState(false);
  const progress = membershipProgress(coop.current_members, coop.minimum_members);
  const place = [coop.area, coop.province].filter(Boolean).join(', ');
  return (
    <Card
      className="flex h-full flex-col p-4"
      data-testid="coop-card"
      data-coop-id={coop.id}
      data-status={coop.status}
      data-member={member}
    >
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-100 text-brand-700">
          <Building2 aria-hidden className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words text-stone-900" data-testid="coop-name">
            {coop.name}
          </h3>
          <Badge tone={statusTones[coop.status]} className="mt-1">
            {t(`status.${coop.status}`)}
          </Badge>
        </div>
      </div>
      {coop.description && <p className="mt-3 line-clamp-3 text-sm text-stone-600">{coop.description}</p>}
      <dl className="mt-3 space-y-1.5 text-sm text-stone-600">
        {place && (
          <div className="flex items-center gap-2">
            <MapPin aria-hidden className="size-4 shrink-0 text-stone-400" />
            <dt className="sr-only">{t('card.location')}</dt>
            <dd className="min-w-0 break-words">{place}</dd>
          </div>
        )}
        <div className="flex items-center gap-2">
          <Users aria-hidden className="size-4 shrink-0 text-stone-400" />
          <dt className="sr-only">{t('card.members_label')}</dt>
          <dd data-testid="coop-members">
            {t('card.members', { current: coop.current_members, minimum: coop.minimum_members })}
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <CalendarDays aria-hidden className="size-4 shrink-0 text-stone-400" />
          <dt className="sr-only">{t('card.established_label')}</dt>
          <dd>{t('card.established', { year: yearOf(coop.created_at) })}</dd>
        </div>
      </dl>
      <div className="mt-3">
        <div className="mb-1 flex justify-between text-xs text-stone-500">
          <span>{t('card.progress')}</span>
          <span className="tabular-nums">{progress}%</span>
        </div>
        <ProgressBar
          percent={progress}
          tone={progress >= 100 ? 'green' : 'brand'}
          label={t('card.progress')}
        />
      </div>
      <div className="mt-auto pt-4">
        {member ? (
          <div className="space-y-2">
            <p
              className="flex items-center gap-1.5 text-sm font-medium text-green-700"
              data-testid="member-state"
            >
              <CheckCircle2 aria-hidden className="size-4" />
              {t('card.member')}
            </p>
            <div className="flex flex-wrap gap-2">
              <Link
                to={paths.cooperativeGovernance(coop.id)}
                className={buttonClass('outline', 'sm', 'grow')}
                data-testid="governance-link"
              >
                <Landmark aria-hidden className="size-4 shrink-0" />
                {t('card.governance')}
              </Link>
              <Link
                to={paths.virtualWarehouses(coop.id)}
                className={buttonClass('outline', 'sm', 'grow')}
                data-testid="warehouses-link"
              >
                <Warehouse aria-hidden className="size-4 shrink-0" />
                {t('card.warehouses')}
              </Link>
            </div>
          </div>
        ) : acceptsMembers(coop.status) ? (
          <>
            <Button
              className="w-full"
              onClick={() => setConfirming(true)}
              disabled={!membershipsKnown}
              data-testid="join-coop"
            >
              {coop.status === 'pending' ? t('card.join_founding') : t('card.join')}
            </Button>
            <JoinCooperativeDialog
              coop={coop}
              open={confirming}
              onOpenChange={setConfirming}
              joining={joining}
              onConfirm={() => onJoin(() => setConfirming(false))}
            />
          </>
        ) : (
          <Button className="w-full" variant="outline" disabled data-testid="not-available">
            {t('card.not_available')}
          </Button>
        )}
      </div>
    </Card>
  );
}
