import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  Boxes,
  CalendarDays,
  CheckCircle2,
  Info,
  Package,
  PiggyBank,
  PlusCircle,
  ShoppingBasket,
  Users,
} from 'lucide-react';
import {
  bulkProgressPercent,
  createBulkOrderSchema,
  finalUnitPriceCents,
  formatRand,
  randToCents,
  totalSavingsCents,
  type BulkOrder,
  type Membership,
  type Participation,
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
import { StatCard } from '../../components/ui/StatCard';
import { TabPanel, Tabs, useTabParam } from '../../components/ui/Tabs';
import { cn } from '../../components/ui/cn';
import { TIME_ZONE, formatDate, formatMoney } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useMemberships } from '../cooperatives/api';
import {
  useBulkOrders,
  useCreateBulkOrder,
  useParticipate,
  useParticipations,
  useProductOptions,
  type CreateBulkOrder,
} from './api';
import { LoadError } from '../../components/ui/LoadError';
import { applyServerErrors } from '../../lib/form-errors';

const BULK_ORDER_FIELDS = [
  'coop_id',
  'product_id',
  'unit_price',
  'bulk_discount_percentage',
  'minimum_quantity',
  'target_quantity',
  'end_date',
];
import { MyProposals } from './ProposalPanels';

const TABS = ['available', 'mine', 'create'] as const;
type Tab = (typeof TABS)[number];

const paymentTone = (status: string): Tone =>
  status === 'paid' ? 'green' : status === 'pending' ? 'yellow' : 'red';

export default function BulkOrdersPage() {
  const { t } = useTranslation('bulk_orders');
  const [tab, setTab] = useTabParam<Tab>(TABS);
  const [justProposed, setJustProposed] = useState<number | null>(null);
  const orders = useBulkOrders({ status: 'active' });
  const participations = useParticipations();
  const memberships = useMemberships();
  const active = orders.data?.filter((o) => o.status === 'active');
  const savings = participations.data ? totalSavingsCents(participations.data) : null;

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3" data-testid="bulk-tiles">
        <StatCard
          label={t('tiles.active')}
          value={active ? String(active.length) : '…'}
          icon={Boxes}
          tone="bg-blue-100 text-blue-700"
        />
        <StatCard
          label={t('tiles.participations')}
          value={participations.data ? String(participations.data.length) : '…'}
          icon={ShoppingBasket}
          tone="bg-purple-100 text-purple-700"
        />
        <div className="col-span-2 lg:col-span-1" data-testid="savings-tile">
          <StatCard
            label={t('tiles.savings')}
            value={savings === null ? '…' : formatRand(savings)}
            icon={PiggyBank}
            tone="bg-green-100 text-green-700"
          />
        </div>
      </div>

      <Tabs
        className="mt-5"
        label={t('tabs.label')}
        value={tab}
        onValueChange={setTab}
        items={[
          { value: 'available', label: t('tabs.available'), icon: Boxes },
          { value: 'mine', label: t('tabs.mine'), icon: ShoppingBasket },
          { value: 'create', label: t('tabs.create'), icon: PlusCircle },
        ]}
      >
        <TabPanel value="available">
          {orders.isPending ? (
            <Loading label={t('common:common.loading')} />
          ) : !active ? (
            <LoadError icon={Boxes} onRetry={() => void orders.refetch()} />
          ) : active.length === 0 ? (
            <Card>
              <EmptyState
                icon={Boxes}
                title={t('available.empty_title')}
                message={t('available.empty_text')}
              />
            </Card>
          ) : (
            <ul
              className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3"
              data-testid="bulk-order-list"
            >
              {active.map((order) => (
                <li key={order.id} className="min-w-0">
                  <BulkOrderCard
                    order={order}
                    memberships={memberships.data}
                    joinedQuantity={(participations.data ?? [])
                      .filter((p) => p.bulk_order_id === order.id)
                      .reduce((sum, p) => sum + p.quantity_ordered, 0)}
                  />
                </li>
              ))}
            </ul>
          )}
        </TabPanel>
        <TabPanel value="mine">
          {participations.isPending ? (
            <Loading label={t('common:common.loading')} />
          ) : !participations.data ? (
            <LoadError icon={Boxes} onRetry={() => void participations.refetch()} />
          ) : participations.data.length === 0 ? (
            <Card data-testid="participations-empty">
              <EmptyState
                icon={ShoppingBasket}
                title={t('mine.empty_title')}
                message={t('mine.empty_text')}
                action={<Button onClick={() => setTab('available')}>{t('mine.browse')}</Button>}
              />
            </Card>
          ) : (
            <ParticipationList participations={participations.data} />
          )}
        </TabPanel>
        <TabPanel value="create">
          {memberships.isPending ? (
            <Loading label={t('common:common.loading')} />
          ) : !memberships.data ? (
            <LoadError icon={Boxes} onRetry={() => void memberships.refetch()} />
          ) : memberships.data.some((m) => m.is_coordinator) ? (
            <>
              <CreateOrderForm
                coordinated={memberships.data.filter((m) => m.is_coordinator)}
                onCreated={(created) =>
                  created.status === 'active' ? setTab('available') : setJustProposed(created.id)
                }
              />
              <MyProposals justProposed={justProposed} />
            </>
          ) : (
            <CoordinatorInfo />
          )}
        </TabPanel>
      </Tabs>
    </>
  );
}

function OrderImage({ src }: { src: string | null }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="grid size-20 shrink-0 place-items-center overflow-hidden rounded-lg bg-stone-50">
      {src && !failed ? (
        <img
          src={src}
          alt=""
          width={80}
          height={80}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
          className="size-full object-contain p-1.5"
        />
      ) : (
        <Package aria-hidden className="size-8 text-stone-300" />
      )}
    </div>
  );
}

function BulkOrderCard({
  order,
  memberships,
  joinedQuantity,
}: {
  order: BulkOrder;
  memberships: Membership[] | undefined;
  joinedQuantity: number;
}) {
  const { t, i18n } = useTranslation('bulk_orders');
  const participate = useParticipate();
  const progress = bulkProgressPercent(order.current_quantity, order.target_quantity);
  const member = memberships?.some((m) => m.coop_id === order.coop_id) ?? false;
  const ended = new Date(order.end_date) < new Date();
  return (
    <Card className="flex h-full flex-col p-4" data-testid="bulk-order-card" data-order-id={order.id}>
      <div className="flex gap-3">
        <OrderImage src={order.product_image_url} />
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words text-stone-900" data-testid="bulk-product">
            {order.product_name}
          </h3>
          <p className="mt-0.5 flex items-center gap-1 text-xs text-stone-500">
            <Users aria-hidden className="size-3.5 shrink-0" />
            <span className="min-w-0 truncate">{order.coop_name}</span>
          </p>
          <div className="mt-1.5 flex flex-wrap items-baseline gap-x-2">
            <span className="text-lg font-bold text-stone-900 tabular-nums">
              {formatMoney(order.final_unit_price)}
            </span>
            <span className="text-sm text-stone-500 tabular-nums line-through">
              {formatMoney(order.unit_price)}
            </span>
            <Badge tone="green">{t('card.discount', { percent: order.bulk_discount_percentage })}</Badge>
          </div>
        </div>
      </div>
      <div className="mt-3">
        <div className="mb-1 flex justify-between gap-2 text-xs text-stone-500">
          <span data-testid="bulk-progress">
            {t('card.progress', { current: order.current_quantity, target: order.target_quantity })}
          </span>
          <span className="tabular-nums">{progress}%</span>
        </div>
        <ProgressBar
          percent={progress}
          tone={progress >= 100 ? 'green' : 'blue'}
          label={t('card.progress_label')}
        />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs text-stone-500">{t('card.minimum')}</dt>
          <dd className="font-medium tabular-nums">{t('card.units', { count: order.minimum_quantity })}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500">{t('card.ends')}</dt>
          <dd className="flex items-center gap-1 font-medium">
            <CalendarDays aria-hidden className="size-3.5 text-stone-400" />
            {formatDate(order.end_date, i18n.language)}
          </dd>
        </div>
      </dl>
      <div className="mt-auto space-y-2 pt-4">
        {joinedQuantity > 0 && (
          <p
            className="flex items-center gap-1.5 text-sm font-medium text-green-700"
            data-testid="joined-quantity"
          >
            <CheckCircle2 aria-hidden className="size-4" />
            {t('card.joined', { count: joinedQuantity })}
          </p>
        )}
        {ended ? (
          <Button className="w-full" variant="outline" disabled>
            {t('card.ended')}
          </Button>
        ) : memberships && !member ? (
          <Link to={paths.cooperatives} className={buttonClass('outline', 'md', 'w-full')}>
            {t('card.members_only')}
          </Link>
        ) : (
          <Button
            className="w-full"
            loading={participate.isPending}
            disabled={!memberships}
            onClick={() => participate.mutate(order)}
            data-testid="join-bulk-order"
          >
            {t('card.join', { count: order.minimum_quantity })}
          </Button>
        )}
      </div>
    </Card>
  );
}

function ParticipationList({ participations }: { participations: Participation[] }) {
  const { t, i18n } = useTranslation('bulk_orders');
  return (
    <Card>
      <ul className="divide-y divide-stone-100" data-testid="participation-list">
        {participations.map((p) => {
          const saved = (randToCents(p.unit_price) - randToCents(p.final_unit_price)) * p.quantity_ordered;
          return (
            <li
              key={p.id}
              className="flex flex-wrap items-start gap-x-3 gap-y-1 px-4 py-3 sm:px-5"
              data-testid="participation-row"
            >
              <div className="min-w-0 flex-1 basis-full sm:basis-0">
                <p className="font-medium break-words text-stone-900">{p.product_name}</p>
                <p className="text-xs text-stone-500">
                  {p.coop_name} · {formatDate(p.created_at, i18n.language)}
                </p>
                <p className="mt-0.5 text-xs text-stone-600 tabular-nums">
                  {t('mine.line', { count: p.quantity_ordered, price: formatMoney(p.final_unit_price) })}
                </p>
              </div>
              <div className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 sm:w-auto sm:shrink-0 sm:flex-col sm:items-end">
                <span className="font-semibold whitespace-nowrap tabular-nums">
                  {formatMoney(p.total_amount)}
                </span>
                <span className="text-xs whitespace-nowrap text-green-700">
                  {t('mine.saved', { amount: formatRand(saved) })}
                </span>
                <Badge tone={paymentTone(p.payment_status)}>
                  {t(`payment_status.${p.payment_status}`, { defaultValue: p.payment_status })}
                </Badge>
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

function CoordinatorInfo() {
  const { t } = useTranslation('bulk_orders');
  const points = ['negotiate', 'pool', 'deliver'] as const;
  return (
    <Card data-testid="coordinator-info">
      <CardHeader title={t('info.title')} subtitle={t('info.subtitle')} />
      <div className="p-4 sm:p-5">
        <ul className="space-y-3">
          {points.map((p) => (
            <li key={p} className="flex gap-3">
              <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-green-600" />
              <div>
                <p className="text-sm font-medium">{t(`info.${p}.title`)}</p>
                <p className="text-sm text-stone-600">{t(`info.${p}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-4 flex items-start gap-2 rounded-lg bg-blue-50 p-3 text-sm text-blue-900">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t('info.how')}
        </p>
        <Link
          to={`${paths.cooperatives}?tab=create`}
          className={buttonClass('primary', 'md', 'mt-4 w-full sm:w-auto')}
        >
          {t('info.start_coop')}
        </Link>
      </div>
    </Card>
  );
}

type OrderValues = z.input<typeof createBulkOrderSchema>;

const DEFAULT_RUN_DAYS = 14;

/** A day in South African time, as the date field's YYYY-MM-DD. */
function dayInput(daysFromNow: number) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(
    new Date(Date.now() + daysFromNow * 24 * 60 * 60 * 1000),
  );
}

/** The order runs to the end of the chosen day, South African time (UTC+2, no daylight saving). */
const endOfDay = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59+02:00` : undefined;

const toNumber = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));

function CreateOrderForm({
  coordinated,
  onCreated,
}: {
  coordinated: Membership[];
  onCreated: (created: BulkOrder) => void;
}) {
  const { t } = useTranslation('bulk_orders');
  const create = useCreateBulkOrder();
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(search.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [search]);
  const products = useProductOptions(debounced, true);
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    setError,
    formState: { errors },
  } = useForm<OrderValues, unknown, CreateBulkOrder>({
    resolver: zodResolver(createBulkOrderSchema),
    defaultValues: {
      coop_id: coordinated[0]?.coop_id,
      bulk_discount_percentage: 10,
      minimum_quantity: 1,
      target_quantity: 100,
      // end_date is read from the date field (its defaultValue) through setValueAs.
    },
  });
  const unitPrice = watch('unit_price');
  const discount = watch('bulk_discount_percentage');
  let finalPrice: string | null = null;
  try {
    if (typeof unitPrice === 'number' && typeof discount === 'number' && unitPrice > 0 && discount >= 0)
      finalPrice = formatRand(finalUnitPriceCents(randToCents(unitPrice), discount));
  } catch {
    finalPrice = null;
  }
  const invalid = (field: keyof OrderValues) =>
    errors[field]?.type === 'server'
      ? errors[field]?.message
      : errors[field]
        ? errors[field]?.message?.startsWith('validation.')
          ? t(errors[field]!.message!)
          : t(`create.invalid.${field}`)
        : undefined;

  const onSubmit = handleSubmit((input) =>
    // On success the tab changes and this form goes; on failure it keeps what was typed.
    create.mutate(input, {
      onSuccess: onCreated,
      onError: (error) => void applyServerErrors(error, setError, t, BULK_ORDER_FIELDS),
    }),
  );

  return (
    <Card>
      <CardHeader title={t('create.title')} subtitle={t('create.subtitle')} />
      <form
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        className="space-y-4 p-4 sm:p-5"
        data-testid="bulk-order-form"
      >
        <Field label={t('create.fields.coop')} htmlFor="bo-coop" required error={invalid('coop_id')}>
          <Select id="bo-coop" {...register('coop_id', { setValueAs: toNumber })}>
            {coordinated.map((m) => (
              <option key={m.coop_id} value={m.coop_id}>
                {m.coop_name}
              </option>
            ))}
          </Select>
        </Field>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field label={t('create.fields.search')} htmlFor="bo-search">
            <Input
              id="bo-search"
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t('create.fields.search_placeholder')}
            />
          </Field>
          <Field
            label={t('create.fields.product')}
            htmlFor="bo-product"
            required
            error={invalid('product_id')}
          >
            <Select
              id="bo-product"
              aria-invalid={errors.product_id ? true : undefined}
              className={cn(products.isFetching && 'opacity-70')}
              {...register('product_id', {
                setValueAs: toNumber,
                onChange: (e: React.ChangeEvent<HTMLSelectElement>) => {
                  const product = products.data?.products.find((p) => p.id === Number(e.target.value));
                  if (product) setValue('unit_price', product.selling_price, { shouldValidate: true });
                },
              })}
            >
              <option value="">{t('create.fields.choose_product')}</option>
              {products.data?.products.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} · {formatMoney(p.selling_price)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <div className="grid grid-cols-2 gap-4">
          <Field
            label={t('create.fields.unit_price')}
            htmlFor="bo-price"
            error={invalid('unit_price')}
            hint={t('create.fields.unit_price_hint')}
          >
            <Input
              id="bo-price"
              type="number"
              inputMode="decimal"
              min={0.01}
              step={0.01}
              {...register('unit_price', { setValueAs: toNumber })}
            />
          </Field>
          <Field
            label={t('create.fields.discount')}
            htmlFor="bo-discount"
            required
            error={invalid('bulk_discount_percentage')}
          >
            <Input
              id="bo-discount"
              type="number"
              inputMode="decimal"
              min={0}
              max={90}
              step={0.5}
              {...register('bulk_discount_percentage', { setValueAs: toNumber })}
            />
          </Field>
          <Field
            label={t('create.fields.minimum')}
            htmlFor="bo-minimum"
            required
            error={invalid('minimum_quantity')}
          >
            <Input
              id="bo-minimum"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              {...register('minimum_quantity', { setValueAs: toNumber })}
            />
          </Field>
          <Field
            label={t('create.fields.target')}
            htmlFor="bo-target"
            required
            error={invalid('target_quantity')}
          >
            <Input
              id="bo-target"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              {...register('target_quantity', { setValueAs: toNumber })}
            />
          </Field>
        </div>
        <Field label={t('create.fields.end_date')} htmlFor="bo-end" required error={invalid('end_date')}>
          <Input
            id="bo-end"
            type="date"
            min={dayInput(1)}
            defaultValue={dayInput(DEFAULT_RUN_DAYS)}
            {...register('end_date', { setValueAs: endOfDay })}
          />
        </Field>
        {finalPrice && (
          <p className="rounded-lg bg-green-50 p-3 text-sm text-green-900" data-testid="final-price-preview">
            {t('create.preview', { price: finalPrice })}
          </p>
        )}
        <div className="flex justify-end">
          <Button
            type="submit"
            loading={create.isPending}
            className="w-full sm:w-auto"
            data-testid="create-bulk-order"
          >
            {t('create.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
