import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { AlertTriangle } from 'lucide-react';
import {
  ALLOCATION_DEFAULTS,
  NEW_WAREHOUSE_DEFAULTS,
  WAREHOUSE_TYPES,
  allocateSpaceSchema,
  createWarehouseSchema,
  formatRand,
  monthlyFeeCents,
  randToCents,
  freeSpaceHundredths,
  spaceHundredths,
  warehouseFull,
  type VirtualWarehouse,
} from '@tt/domain';
import type { z } from 'zod';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field, Input, Select } from '../../components/ui/Field';
import { Textarea } from '../../components/ui/Textarea';
import { formatMoney } from '../../lib/format';
import { applyServerErrors, serverMessage } from '../../lib/form-errors';
import { planLimitOf, type PlanLimitHit } from '../subscriptions';
import { useAllocateSpace, useCreateWarehouse, type AllocateSpace, type CreateWarehouse } from './api';
import { cubicMetres } from './units';
import { toNumber } from '../../components/form';

/**
 * A refused call: the plan limit opens the upgrade dialog; anything else is already a toast, a field
 * the server names is marked under it, and the form keeps what was typed.
 */
const onRefused =
  (onPlanLimit: (hit: PlanLimitHit) => void, markFields: (error: unknown) => unknown) => (error: unknown) => {
    const hit = planLimitOf(error);
    if (hit) onPlanLimit(hit);
    else void markFields(error);
  };

type WarehouseValues = z.input<typeof createWarehouseSchema>;

export function CreateWarehouseDialog({
  coopId,
  onClose,
  onPlanLimit,
}: {
  coopId: number;
  onClose: () => void;
  onPlanLimit: (hit: PlanLimitHit) => void;
}) {
  const { t } = useTranslation('warehouses');
  const create = useCreateWarehouse(coopId);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<WarehouseValues, unknown, CreateWarehouse>({
    resolver: zodResolver(createWarehouseSchema),
    defaultValues: { name: '', description: '', location_description: '', ...NEW_WAREHOUSE_DEFAULTS },
  });
  const named = (watch('name') ?? '').trim().length > 0;
  const onSubmit = handleSubmit((input) =>
    create.mutate(
      {
        ...input,
        description: input.description ? input.description : null,
        location_description: input.location_description ? input.location_description : null,
      },
      {
        onSuccess: onClose,
        onError: onRefused(onPlanLimit, (error) =>
          applyServerErrors(error, setError, t, Object.keys(createWarehouseSchema.shape)),
        ),
      },
    ),
  );
  const invalid = (field: keyof WarehouseValues) =>
    serverMessage(errors[field]) ?? (errors[field] ? t(`create.invalid.${field}`) : undefined);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('create.title')}
      description={t('create.text')}
      closeLabel={t('close')}
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={create.isPending}>
            {t('common:common.cancel')}
          </Button>
          <Button
            type="submit"
            form="create-warehouse-form"
            disabled={!named}
            loading={create.isPending}
            data-testid="submit-warehouse"
          >
            {t('create.submit')}
          </Button>
        </div>
      }
    >
      <form id="create-warehouse-form" onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
        <Field label={t('create.fields.name')} htmlFor="wh-name" required error={invalid('name')}>
          <Input id="wh-name" autoFocus aria-invalid={errors.name ? true : undefined} {...register('name')} />
        </Field>
        <Field label={t('create.fields.description')} htmlFor="wh-description">
          <Textarea id="wh-description" rows={2} {...register('description')} />
        </Field>
        <div className="grid grid-cols-2 gap-4">
          <Field
            label={t('create.fields.capacity')}
            htmlFor="wh-capacity"
            required
            error={invalid('total_capacity_cubic_meters')}
          >
            <Input
              id="wh-capacity"
              type="number"
              inputMode="decimal"
              min={1}
              step="any"
              {...register('total_capacity_cubic_meters', { setValueAs: toNumber })}
            />
          </Field>
          <Field
            label={t('create.fields.cost')}
            htmlFor="wh-cost"
            required
            error={invalid('cost_per_cubic_meter_monthly')}
          >
            <Input
              id="wh-cost"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              {...register('cost_per_cubic_meter_monthly', { setValueAs: toNumber })}
            />
          </Field>
        </div>
        <Field label={t('create.fields.type')} htmlFor="wh-type">
          <Select id="wh-type" {...register('warehouse_type')}>
            {WAREHOUSE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('create.fields.location')} htmlFor="wh-location">
          <Input id="wh-location" {...register('location_description')} />
        </Field>
      </form>
    </Dialog>
  );
}

type AllocateValues = z.input<typeof allocateSpaceSchema>;

const freeHundredths = (w: VirtualWarehouse) =>
  freeSpaceHundredths(w.total_capacity_cubic_meters, w.allocated_capacity);

export function AllocateDialog({
  coopId,
  warehouses,
  initialWarehouseId,
  onClose,
  onAllocated,
  onPlanLimit,
  planSpaceLeftHundredths,
}: {
  coopId: number;
  warehouses: VirtualWarehouse[];
  /** 0: none chosen yet. */
  initialWarehouseId: number;
  onClose: () => void;
  onAllocated: () => void;
  onPlanLimit: (hit: PlanLimitHit) => void;
  /** Space the plan still allows, in hundredths of m³; null: unlimited or not known yet. */
  planSpaceLeftHundredths: number | null;
}) {
  const { t } = useTranslation('warehouses');
  const allocate = useAllocateSpace(coopId);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<AllocateValues, unknown, AllocateSpace>({
    resolver: zodResolver(allocateSpaceSchema),
    defaultValues: {
      ...(initialWarehouseId ? { warehouse_id: initialWarehouseId } : {}),
      ...ALLOCATION_DEFAULTS,
    },
  });
  const chosen = warehouses.find((w) => w.id === watch('warehouse_id'));
  const space = watch('allocated_space_cubic_meters');
  const validSpace = typeof space === 'number' && Number.isFinite(space) && space > 0;
  let fee: string | null = null;
  if (chosen && validSpace && spaceHundredths(space) <= freeHundredths(chosen)) {
    try {
      fee = formatRand(monthlyFeeCents(space, randToCents(chosen.cost_per_cubic_meter_monthly)));
    } catch {
      fee = null;
    }
  }
  const tooBig = chosen && validSpace && spaceHundredths(space) > freeHundredths(chosen);
  // No submit that the server would refuse (issue 10): more than the warehouse has free, or than the plan allows.
  const overPlan =
    validSpace && planSpaceLeftHundredths !== null && spaceHundredths(space) > planSpaceLeftHundredths;
  const onSubmit = handleSubmit((input) =>
    allocate.mutate(input, {
      onSuccess: onAllocated,
      onError: onRefused(onPlanLimit, (error) =>
        applyServerErrors(error, setError, t, Object.keys(allocateSpaceSchema.shape)),
      ),
    }),
  );
  const invalid = (field: keyof AllocateValues) =>
    serverMessage(errors[field]) ?? (errors[field] ? t(`allocate.invalid.${field}`) : undefined);

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('allocate.title')}
      description={t('allocate.text')}
      closeLabel={t('close')}
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={allocate.isPending}>
            {t('common:common.cancel')}
          </Button>
          <Button
            type="submit"
            form="allocate-form"
            disabled={!chosen || !!tooBig || overPlan}
            loading={allocate.isPending}
            data-testid="submit-allocation"
          >
            {t('allocate.submit')}
          </Button>
        </div>
      }
    >
      <form id="allocate-form" onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
        <Field
          label={t('allocate.fields.warehouse')}
          htmlFor="al-warehouse"
          required
          error={invalid('warehouse_id')}
        >
          <Select id="al-warehouse" {...register('warehouse_id', { setValueAs: toNumber })}>
            <option value="">{t('allocate.fields.choose')}</option>
            {warehouses.map((w) => {
              const unavailable =
                !w.is_active || warehouseFull(w.allocated_capacity, w.total_capacity_cubic_meters);
              return (
                <option key={w.id} value={w.id} disabled={unavailable}>
                  {t('allocate.option', { name: w.name, free: cubicMetres(freeHundredths(w) / 100) })}
                </option>
              );
            })}
          </Select>
        </Field>
        <div className="grid grid-cols-2 gap-4">
          <Field
            label={t('allocate.fields.space')}
            htmlFor="al-space"
            required
            error={invalid('allocated_space_cubic_meters')}
          >
            <Input
              id="al-space"
              type="number"
              inputMode="decimal"
              min={0.01}
              step="any"
              {...register('allocated_space_cubic_meters', { setValueAs: toNumber })}
            />
          </Field>
          <Field
            label={t('allocate.fields.share')}
            htmlFor="al-share"
            required
            error={invalid('ownership_percentage')}
          >
            <Input
              id="al-share"
              type="number"
              inputMode="decimal"
              min={1}
              max={100}
              step="any"
              {...register('ownership_percentage', { setValueAs: toNumber })}
            />
          </Field>
        </div>
        {tooBig && chosen && (
          <p
            className="flex items-start gap-2 rounded-lg bg-yellow-50 p-3 text-sm text-yellow-900"
            role="status"
          >
            <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t('allocate.too_big', { free: cubicMetres(freeHundredths(chosen) / 100) })}
          </p>
        )}
        {overPlan && !tooBig && (
          <p
            className="flex items-start gap-2 rounded-lg bg-yellow-50 p-3 text-sm text-yellow-900"
            role="status"
            data-testid="allocation-over-plan"
          >
            <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t('allocate.over_plan', { left: cubicMetres((planSpaceLeftHundredths ?? 0) / 100) })}
          </p>
        )}
        <div className="rounded-lg bg-stone-50 p-3 text-sm" data-testid="allocation-summary">
          <p className="font-medium text-stone-900">{t('allocate.summary')}</p>
          <dl className="mt-2 space-y-1">
            <div className="flex justify-between gap-3">
              <dt className="text-stone-600">{t('allocate.fields.warehouse')}</dt>
              <dd className="min-w-0 truncate text-right font-medium">{chosen?.name ?? '—'}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-stone-600">{t('allocate.rate')}</dt>
              <dd className="font-medium tabular-nums">
                {chosen
                  ? t('allocate.rate_value', { price: formatMoney(chosen.cost_per_cubic_meter_monthly) })
                  : '—'}
              </dd>
            </div>
            <div className="flex justify-between gap-3 border-t border-stone-200 pt-1">
              <dt className="font-medium text-stone-900">{t('allocate.fee')}</dt>
              <dd className="font-semibold tabular-nums" data-testid="estimated-fee">
                {fee ?? '—'}
              </dd>
            </div>
          </dl>
        </div>
      </form>
    </Dialog>
  );
}
