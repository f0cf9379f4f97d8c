import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  Building2,
  CalendarDays,
  CheckCircle2,
  ClipboardList,
  Compass,
  Landmark,
  MapPin,
  PlusCircle,
  ShieldCheck,
  Users,
  Warehouse,
  XCircle,
} from 'lucide-react';
import {
  DEFAULT_MINIMUM_MEMBERS,
  PROVINCES,
  acceptsMembers,
  membershipProgress,
  registerCooperativeSchema,
  type Cooperative,
  type CooperativeStatus,
  type Membership,
} from '@tt/domain';
import type { z } from 'zod';
import { Badge, type Tone } from '../../components/ui/Badge';
import { Button, buttonClass } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { Field, Input, Select } from '../../components/ui/Field';
import { Loading } from '../../components/ui/Loading';
import { PageHeader } from '../../components/ui/PageHeader';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { TabPanel, Tabs, useTabParam } from '../../components/ui/Tabs';
import { Textarea } from '../../components/ui/Textarea';
import { applyServerErrors } from '../../lib/form-errors';
import { TIME_ZONE, formatDate, formatMoney } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useCooperatives, useJoinCooperative, useMemberships, useRegisterCooperative } from './api';
import { LoadError } from '../../components/ui/LoadError';

const TABS = ['browse', 'mine', 'create'] as const;
type Tab = (typeof TABS)[number];

const statusTones: Record<CooperativeStatus, Tone> = {
  active: 'green',
  pending: 'yellow',
  inactive: 'grey',
};

export default function CooperativesPage() {
  const { t } = useTranslation('cooperatives');
  const [tab, setTab] = useTabParam<Tab>(TABS);
  const memberships = useMemberships();
  const [registered, setRegistered] = useState<string | null>(null);

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Tabs
        label={t('tabs.label')}
        value={tab}
        onValueChange={setTab}
        items={[
          { value: 'browse', label: t('tabs.browse'), icon: Compass },
          { value: 'mine', label: t('tabs.mine'), icon: Users, count: memberships.data?.length },
          { value: 'create', label: t('tabs.create'), icon: PlusCircle },
        ]}
      >
        <TabPanel value="browse">
          <BrowseTab memberships={memberships.data} />
        </TabPanel>
        <TabPanel value="mine">
          {registered && (
            <div
              role="status"
              data-testid="registered-banner"
              className="mb-4 flex items-center gap-2 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-800"
            >
              <CheckCircle2 aria-hidden className="size-5 shrink-0" />
              {t('create.registered', { name: registered })}
            </div>
          )}
          <MyCooperativesTab onBrowse={() => setTab('browse')} />
        </TabPanel>
        <TabPanel value="create">
          <CreateTab
            onRegistered={(name) => {
              setRegistered(name);
              setTab('mine');
            }}
          />
        </TabPanel>
      </Tabs>
    </>
  );
}

function BrowseTab({ memberships }: { memberships: Membership[] | undefined }) {
  const { t } = useTranslation('cooperatives');
  const cooperatives = useCooperatives();
  const join = useJoinCooperative();

  if (cooperatives.isPending) return <Loading label={t('common:common.loading')} />;
  if (cooperatives.isError && !cooperatives.data)
    return <LoadError icon={Building2} onRetry={() => void cooperatives.refetch()} />;
  if (cooperatives.data.length === 0) {
    return (
      <Card>
        <EmptyState icon={Building2} title={t('browse.empty_title')} message={t('browse.empty_text')} />
      </Card>
    );
  }
  const memberOf = new Set(memberships?.map((m) => m.coop_id));
  return (
    <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3" data-testid="coop-list">
      {cooperatives.data.map((coop) => (
        <li key={coop.id} className="min-w-0">
          <CooperativeCard
            coop={coop}
            member={memberOf.has(coop.id)}
            membershipsKnown={memberships !== undefined}
            joining={join.isPending && join.variables === coop.id}
            onJoin={() => join.mutate(coop.id)}
          />
        </li>
      ))}
    </ul>
  );
}

function yearOf(iso: string) {
  return new Intl.DateTimeFormat('en-ZA', { year: 'numeric', timeZone: TIME_ZONE }).format(new Date(iso));
}

function CooperativeCard({
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
  onJoin: () => void;
}) {
  const { t } = useTranslation('cooperatives');
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
          <Button
            className="w-full"
            onClick={onJoin}
            loading={joining}
            disabled={!membershipsKnown}
            data-testid="join-coop"
          >
            {coop.status === 'pending' ? t('card.join_founding') : t('card.join')}
          </Button>
        ) : (
          <Button className="w-full" variant="outline" disabled data-testid="not-available">
            {t('card.not_available')}
          </Button>
        )}
      </div>
    </Card>
  );
}

function MyCooperativesTab({ onBrowse }: { onBrowse: () => void }) {
  const { t, i18n } = useTranslation('cooperatives');
  const memberships = useMemberships();
  if (memberships.isPending) return <Loading label={t('common:common.loading')} />;
  if (memberships.isError && !memberships.data)
    return <LoadError icon={Building2} onRetry={() => void memberships.refetch()} />;
  if (memberships.data.length === 0) {
    return (
      <Card data-testid="memberships-empty">
        <EmptyState
          icon={Users}
          title={t('mine.empty_title')}
          message={t('mine.empty_text')}
          action={<Button onClick={onBrowse}>{t('mine.browse')}</Button>}
        />
      </Card>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3" data-testid="membership-list">
      {memberships.data.map((m) => (
        <li key={m.id} className="min-w-0">
          <Card className="flex h-full flex-col p-4" data-testid="membership-card" data-coop-id={m.coop_id}>
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
                <dd className="font-medium whitespace-nowrap tabular-nums">{formatMoney(m.share_amount)}</dd>
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
              <Link to={paths.virtualWarehouses(m.coop_id)} className={buttonClass('outline', 'sm', 'grow')}>
                <Warehouse aria-hidden className="size-4 shrink-0" />
                {t('card.warehouses')}
              </Link>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}

type RegisterValues = z.input<typeof registerCooperativeSchema>;
type RegisterOutput = z.output<typeof registerCooperativeSchema>;

const emptyRegistration: RegisterValues = { name: '', description: '', area: '', province: '' };

function CreateTab({ onRegistered }: { onRegistered: (name: string) => void }) {
  const { t } = useTranslation('cooperatives');
  const [open, setOpen] = useState(false);
  const steps = ['register', 'gather', 'activate', 'govern'] as const;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-5">
      <Card className="lg:col-span-2">
        <CardHeader title={t('create.title')} subtitle={t('create.subtitle')} />
        <div className="p-4 sm:p-5">
          <p
            className="flex items-start gap-2 rounded-lg bg-brand-50 p-3 text-sm text-brand-900"
            data-testid="minimum-members-note"
          >
            <Users aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t('create.minimum', { count: DEFAULT_MINIMUM_MEMBERS })}
          </p>
          <ol className="mt-4 space-y-3">
            {steps.map((step, index) => (
              <li key={step} className="flex gap-3">
                <span className="grid size-7 shrink-0 place-items-center rounded-full bg-stone-100 text-sm font-semibold text-stone-700">
                  {index + 1}
                </span>
                <div className="min-w-0">
                  <p className="text-sm font-medium text-stone-900">{t(`create.steps.${step}.title`)}</p>
                  <p className="text-sm text-stone-600">
                    {t(`create.steps.${step}.text`, { count: DEFAULT_MINIMUM_MEMBERS })}
                  </p>
                </div>
              </li>
            ))}
          </ol>
          {!open && (
            <Button
              className="mt-5 w-full sm:w-auto"
              onClick={() => setOpen(true)}
              data-testid="start-registration"
            >
              <ClipboardList aria-hidden className="size-4" />
              {t('create.start')}
            </Button>
          )}
        </div>
      </Card>
      {open && (
        <RegistrationForm
          onCancel={() => setOpen(false)}
          onRegistered={(name) => {
            setOpen(false);
            onRegistered(name);
          }}
        />
      )}
    </div>
  );
}

function RegistrationForm({
  onCancel,
  onRegistered,
}: {
  onCancel: () => void;
  onRegistered: (name: string) => void;
}) {
  const { t } = useTranslation('cooperatives');
  const register_ = useRegisterCooperative();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegisterValues, unknown, RegisterOutput>({
    resolver: zodResolver(registerCooperativeSchema),
    defaultValues: emptyRegistration,
  });
  const message = (m: string | undefined) =>
    m ? (m.startsWith('validation.') ? t([m, `common:${m}`]) : m) : undefined;

  const onSubmit = handleSubmit((input) =>
    register_.mutate(
      { ...input, description: input.description ? input.description : null },
      {
        onSuccess: ({ cooperative }) => onRegistered(cooperative.name),
        // The toast says what went wrong; a field the server names is marked, and what was typed stays.
        onError: (error) =>
          void applyServerErrors(error, setError, t, Object.keys(registerCooperativeSchema.shape)),
      },
    ),
  );

  return (
    <Card className="lg:col-span-3">
      <CardHeader title={t('create.form_title')} subtitle={t('create.form_subtitle')} />
      <form
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        className="space-y-4 p-4 sm:p-5"
        data-testid="registration-form"
      >
        <Field
          label={t('create.fields.name')}
          htmlFor="coop-name"
          required
          error={message(errors.name?.message)}
        >
          <Input id="coop-name" aria-invalid={errors.name ? true : undefined} {...register('name')} />
        </Field>
        <Field
          label={t('create.fields.description')}
          htmlFor="coop-description"
          error={message(errors.description?.message)}
        >
          <Textarea id="coop-description" {...register('description')} />
        </Field>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field
            label={t('create.fields.area')}
            htmlFor="coop-area"
            required
            error={message(errors.area?.message)}
          >
            <Input
              id="coop-area"
              placeholder={t('create.fields.area_placeholder')}
              aria-invalid={errors.area ? true : undefined}
              {...register('area')}
            />
          </Field>
          <Field
            label={t('create.fields.province')}
            htmlFor="coop-province"
            required
            error={message(errors.province?.message)}
          >
            <Select
              id="coop-province"
              aria-invalid={errors.province ? true : undefined}
              {...register('province')}
            >
              <option value="">{t('create.fields.choose')}</option>
              {PROVINCES.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onCancel} disabled={register_.isPending}>
            {t('common:common.cancel')}
          </Button>
          <Button type="submit" loading={register_.isPending} data-testid="submit-registration">
            {t('create.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
