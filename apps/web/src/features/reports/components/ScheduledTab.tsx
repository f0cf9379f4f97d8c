import { useTranslation } from 'react-i18next';
import { CalendarClock, CalendarPlus, Trash2 } from 'lucide-react';
import { createScheduleSchema, REPORT_FREQUENCIES, REPORT_TYPES, type ReportSchedule } from '@tt/domain';
import { FormField, useContractForm, useFormSubmit } from '../../../components/form';
import { Button } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { Select } from '../../../components/ui/Field';
import { QueryState } from '../../../components/ui/QueryState';
import { formatDateTime } from '../../../lib/format';
import { useCreateSchedule, useDeleteSchedule, useReportSchedules } from '../api';
import { useGeneratedReports } from '../api';
import { ReportRow } from './ReportRow';

/** Reports made on a schedule by the server's job, at 06:00: every day, on Mondays or on the 1st. */
export function ScheduledTab() {
  const { t } = useTranslation('reports');
  const schedules = useReportSchedules();
  const reports = useGeneratedReports();
  const made = (reports.data ?? []).filter((r) => r.frequency !== null);
  return (
    <div className="space-y-4">
      <NewSchedule />
      <QueryState
        query={schedules}
        icon={CalendarClock}
        loading={t('loading')}
        empty={{ title: t('scheduled.empty'), message: t('scheduled.empty_text') }}
      >
        {(list) => (
          <Card>
            <CardHeader title={t('scheduled.list')} />
            <ul className="divide-y divide-stone-100" data-testid="report-schedules">
              {list.map((s) => (
                <ScheduleRow key={s.id} schedule={s} />
              ))}
            </ul>
          </Card>
        )}
      </QueryState>
      {made.length > 0 && (
        <Card>
          <CardHeader title={t('scheduled.made')} />
          <ul className="divide-y divide-stone-100">
            {made.map((r) => (
              <ReportRow key={r.id} report={r} />
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}

function NewSchedule() {
  const { t } = useTranslation('reports');
  const create = useCreateSchedule();
  const form = useContractForm(createScheduleSchema, {
    defaultValues: { name: '', report_type: 'sales', frequency: 'weekly', format: 'csv' },
  });
  const submit = useFormSubmit(form, create.mutateAsync);
  return (
    <Card>
      <CardHeader title={t('scheduled.new')} subtitle={t('scheduled.new_hint')} />
      <form
        className="grid grid-cols-1 gap-3 p-4 sm:grid-cols-4 sm:items-end sm:px-5"
        onSubmit={submit}
        noValidate
      >
        <FormField form={form} name="name" label={t('scheduled.name')} required id="schedule-name" />
        <FormField form={form} name="report_type" label={t('generated.type')} id="schedule-type">
          {(control) => (
            <Select {...control}>
              {REPORT_TYPES.map((r) => (
                <option key={r} value={r}>
                  {t(`types.${r}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField form={form} name="frequency" label={t('scheduled.frequency')} id="schedule-frequency">
          {(control) => (
            <Select {...control}>
              {REPORT_FREQUENCIES.map((f) => (
                <option key={f} value={f}>
                  {t(`frequency.${f}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <Button type="submit" loading={form.formState.isSubmitting} data-testid="create-schedule">
          <CalendarPlus aria-hidden className="size-4" />
          {t('scheduled.create')}
        </Button>
      </form>
    </Card>
  );
}

function ScheduleRow({ schedule }: { schedule: ReportSchedule }) {
  const { t, i18n } = useTranslation('reports');
  const remove = useDeleteSchedule();
  return (
    <li
      className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 sm:px-5"
      data-testid="report-schedule"
    >
      <div className="min-w-0 flex-1 basis-48">
        <p className="font-medium break-words text-stone-900">{schedule.name}</p>
        <p className="text-xs text-stone-600">
          {t(`types.${schedule.report_type}`)} · {t(`frequency.${schedule.frequency}`)}
        </p>
        <p className="text-xs text-stone-500">
          {t('scheduled.next', { time: formatDateTime(schedule.next_run_at, i18n.language) })}
          {schedule.last_run_at
            ? ` · ${t('scheduled.last', { time: formatDateTime(schedule.last_run_at, i18n.language) })}`
            : ''}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        loading={remove.isPending}
        onClick={() => remove.mutate(schedule.id)}
        aria-label={t('scheduled.delete_named', { name: schedule.name })}
      >
        <Trash2 aria-hidden className="size-4" />
        {t('scheduled.delete')}
      </Button>
    </li>
  );
}
