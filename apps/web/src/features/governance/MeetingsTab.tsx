import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { CalendarClock, CheckCircle2, Info, Plus, Users } from 'lucide-react';
import { createMeetingSchema, meetingUpcoming, type Meeting } from '@tt/domain';
import { Badge, type Tone } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { Dialog } from '../../components/ui/Dialog';
import { Textarea } from '../../components/ui/Textarea';
import { formatDateTime } from '../../lib/format';
import { toastSuccess } from '../../lib/toast';
import { useAttendMeeting, useCreateMeeting } from './api';
import { localInputToIso } from './dates';
import { QueryState } from '../../components/ui/QueryState';
import { FormActions, FormField, useContractForm, useFormSubmit } from '../../components/form';

/** Spec 1 §4: scheduled meetings in the future read as upcoming; every other state is grey. */
function meetingTone(meeting: Meeting): Tone {
  return meetingUpcoming(meeting) ? 'blue' : 'grey';
}

export function MeetingsTab({ coopId, query }: { coopId: number; query: UseQueryResult<Meeting[]> }) {
  const { t } = useTranslation('governance');
  const [creating, setCreating] = useState(false);
  const [detailsOf, setDetailsOf] = useState<number | null>(null);
  const details = query.data?.find((m) => m.id === detailsOf);
  return (
    <div className="space-y-4">
      {creating ? (
        <MeetingForm coopId={coopId} onDone={() => setCreating(false)} />
      ) : (
        <div className="flex justify-end">
          <Button onClick={() => setCreating(true)} data-testid="new-meeting">
            <Plus aria-hidden className="size-4" />
            {t('meetings.new')}
          </Button>
        </div>
      )}
      <QueryState
        query={query}
        icon={CalendarClock}
        empty={{ title: t('meetings.empty_title'), message: t('meetings.empty_text') }}
      >
        {(meetings) => (
          <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2" data-testid="meeting-list">
            {meetings.map((meeting) => (
              <li key={meeting.id} className="min-w-0">
                <MeetingCard coopId={coopId} meeting={meeting} onDetails={() => setDetailsOf(meeting.id)} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {details && <MeetingDetails meeting={details} onClose={() => setDetailsOf(null)} />}
    </div>
  );
}

const MEETING_FIELDS = {
  title: 'title',
  description: 'description',
  meeting_date: 'meeting_date',
  agenda: 'agenda',
} as const;

/** Schedule Meeting (spec 1 §4): the date is a Johannesburg wall-clock time. */
function MeetingForm({ coopId, onDone }: { coopId: number; onDone: () => void }) {
  const { t } = useTranslation('governance');
  const create = useCreateMeeting(coopId);
  const form = useContractForm(createMeetingSchema, {
    defaultValues: { title: '', description: '', meeting_date: null, agenda: '' },
  });
  const submit = useFormSubmit(
    form,
    (input) =>
      create.mutateAsync({
        ...input,
        description: input.description ? input.description : null,
        agenda: input.agenda ? input.agenda : null,
      }),
    {
      onSuccess: () => {
        onDone();
        toastSuccess(t('meetings.saved'));
      },
      fields: MEETING_FIELDS,
    },
  );
  return (
    <Card>
      <CardHeader title={t('meetings.form_title')} />
      <form onSubmit={submit} noValidate className="space-y-4 p-4 sm:p-5" data-testid="meeting-form">
        <FormField form={form} name="title" id="meeting-title" label={t('meetings.fields.title')} required />
        <FormField
          form={form}
          name="description"
          id="meeting-description"
          label={t('meetings.fields.description')}
        >
          {(control) => <Textarea rows={2} {...control} />}
        </FormField>
        <FormField
          form={form}
          name="meeting_date"
          id="meeting-date"
          label={t('meetings.fields.date')}
          hint={t('time_zone_hint')}
          type="datetime-local"
          registerOptions={{ setValueAs: localInputToIso }}
        />
        <FormField form={form} name="agenda" id="meeting-agenda" label={t('meetings.fields.agenda')}>
          {(control) => <Textarea rows={4} {...control} />}
        </FormField>
        <FormActions
          submitLabel={t('meetings.schedule')}
          busy={create.isPending}
          onCancel={onDone}
          testId="schedule-meeting"
        />
      </form>
    </Card>
  );
}

function MeetingCard({
  coopId,
  meeting,
  onDetails,
}: {
  coopId: number;
  meeting: Meeting;
  onDetails: () => void;
}) {
  const { t, i18n } = useTranslation('governance');
  const attend = useAttendMeeting(coopId);
  const upcoming = meetingUpcoming(meeting);
  return (
    <Card
      className="flex h-full flex-col p-4"
      data-testid="meeting-card"
      data-meeting-id={meeting.id}
      data-status={meeting.status}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 flex-1 font-semibold break-words text-stone-900" data-testid="meeting-title">
          {meeting.title}
        </h3>
        <Badge tone={meetingTone(meeting)}>
          {upcoming ? t('meeting_status.upcoming') : t(`meeting_status.${meeting.status}`)}
        </Badge>
      </div>
      <p className="mt-1 flex items-center gap-1.5 text-sm text-stone-600">
        <CalendarClock aria-hidden className="size-4 shrink-0 text-stone-400" />
        {meeting.meeting_date ? formatDateTime(meeting.meeting_date, i18n.language) : t('meetings.no_date')}
      </p>
      <p className="mt-1 flex items-center gap-1.5 text-sm text-stone-600" data-testid="attendees">
        <Users aria-hidden className="size-4 shrink-0 text-stone-400" />
        {t('meetings.attendees', { count: meeting.attendees_count })}
      </p>
      {meeting.description && (
        <p className="mt-2 line-clamp-2 text-sm break-words text-stone-600">{meeting.description}</p>
      )}
      <div className="mt-auto flex flex-wrap items-center gap-2 pt-4">
        <Button size="sm" variant="outline" onClick={onDetails} data-testid="meeting-details">
          <Info aria-hidden className="size-4" />
          {t('meetings.view_details')}
        </Button>
        {meeting.attending ? (
          <span
            className="inline-flex items-center gap-1.5 text-sm font-medium text-green-700"
            data-testid="attending"
          >
            <CheckCircle2 aria-hidden className="size-4" />
            {t('meetings.attending')}
          </span>
        ) : (
          upcoming && (
            <Button
              size="sm"
              loading={attend.isPending}
              onClick={() => attend.mutate(meeting.id)}
              data-testid="join-meeting"
            >
              {t('meetings.join')}
            </Button>
          )
        )}
      </div>
    </Card>
  );
}

function MeetingDetails({ meeting, onClose }: { meeting: Meeting; onClose: () => void }) {
  const { t, i18n } = useTranslation('governance');
  const rows: [string, React.ReactNode][] = [
    [
      t('meetings.fields.date'),
      meeting.meeting_date ? formatDateTime(meeting.meeting_date, i18n.language) : t('meetings.no_date'),
    ],
    [
      t('meetings.status'),
      meetingUpcoming(meeting) ? t('meeting_status.upcoming') : t(`meeting_status.${meeting.status}`),
    ],
    [t('meetings.organiser'), meeting.created_by_name],
    [t('meetings.attendees_label'), t('meetings.attendees', { count: meeting.attendees_count })],
  ];
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={meeting.title} closeLabel={t('close_dialog')}>
      <div data-testid="meeting-dialog">
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs text-stone-500">{label}</dt>
              <dd className="text-sm font-medium text-stone-900">{value}</dd>
            </div>
          ))}
        </dl>
        {meeting.description && (
          <>
            <h3 className="mt-4 text-sm font-semibold">{t('meetings.fields.description')}</h3>
            <p className="mt-1 text-sm break-words whitespace-pre-line text-stone-700">
              {meeting.description}
            </p>
          </>
        )}
        <h3 className="mt-4 text-sm font-semibold">{t('meetings.fields.agenda')}</h3>
        <p className="mt-1 text-sm break-words whitespace-pre-line text-stone-700">
          {meeting.agenda || t('meetings.no_agenda')}
        </p>
      </div>
    </Dialog>
  );
}
