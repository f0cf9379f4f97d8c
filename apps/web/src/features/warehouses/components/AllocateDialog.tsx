import { useTranslation } from 'react-i18next';
import { AlertTriangle } from 'lucide-react';
import {
  ALLOCATION_DEFAULTS,
  allocateSpaceSchema,
  formatRand,
  monthlyFeeCents,
  randToCents,
  freeSpaceHundredths,
  spaceHundredths,
  warehouseFull,
  type VirtualWarehouse,
} from '@tt/domain';
import { FormActions, FormField, asNumber, useContractForm, useFormSubmit } from '../../../components/form';
import { Dialog } from '../../../components/ui/Dialog';
import { Select } from '../../../components/ui/Field';
import { formatMoney } from '../../../lib/format';
import { planLimitOf, type PlanLimitHit } from '../../subscriptions';
import { useAllocateSpace } from '../api';
import { cubicMetres } from '../units';

const freeHundredths = (w: VirtualWarehouse) =>
  freeSpaceHundredths(w.total_capacity_cubic_meters, w.allocated_capacity);

/**
 * A member takes space in one of the co-op's warehouses: the monthly fee is estimated at the warehouse's
 * own rate before anything is asked, and no submit is offered that the server would refuse.
 */
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
  const form = useContractForm(allocateSpaceSchema, {
    defaultValues: {
      ...(initialWarehouseId ? { warehouse_id: initialWarehouseId } : {}),
      ...ALLOCATION_DEFAULTS,
    },
  });
  const { watch } = form;
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
  const submit = useFormSubmit(form, allocate.mutateAsync, {
    keepValues: true,
    onSuccess: onAllocated,
    onError: (error) => {
      const hit = planLimitOf(error);
      if (hit) onPlanLimit(hit);
    },
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('allocate.title')}
      description={t('allocate.text')}
      closeLabel={t('close')}
      footer={
        <FormActions
          formId="allocate-form"
          submitLabel={t('allocate.submit')}
          busy={allocate.isPending}
          disabled={!chosen || !!tooBig || overPlan}
          onCancel={onClose}
          testId="submit-allocation"
        />
      }
    >
      <form id="allocate-form" onSubmit={submit} noValidate className="space-y-4">
        <FormField
          form={form}
          name="warehouse_id"
          id="al-warehouse"
          label={t('allocate.fields.warehouse')}
          required
          registerOptions={asNumber}
        >
          {(control) => (
            <Select {...control}>
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
          )}
        </FormField>
        <div className="grid grid-cols-2 gap-4">
          <FormField
            form={form}
            name="allocated_space_cubic_meters"
            id="al-space"
            type="number"
            label={t('allocate.fields.space')}
            required
            inputProps={{ inputMode: 'decimal', min: 0.01, step: 'any' }}
            registerOptions={asNumber}
          />
          <FormField
            form={form}
            name="ownership_percentage"
            id="al-share"
            type="number"
            label={t('allocate.fields.share')}
            required
            inputProps={{ inputMode: 'decimal', min: 1, max: 100, step: 'any' }}
            registerOptions={asNumber}
          />
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
