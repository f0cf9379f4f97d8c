import { useTranslation } from 'react-i18next';
import { CalendarPlus, Pencil } from 'lucide-react';
import type { CrmClient } from '@tt/domain';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Loading } from '../../../components/ui/Loading';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCrmClient } from '../api';
import { statusTones, typeTones } from '../format';
import { ActivityList } from './ActivityList';

/** View Details: the client's fields and its activities, with Log Activity and Edit. */
export function ClientDetailsDialog({
  clientId,
  onClose,
  onEdit,
  onLogActivity,
}: {
  clientId: number;
  onClose: () => void;
  onEdit: (client: CrmClient) => void;
  onLogActivity: (client: CrmClient) => void;
}) {
  const { t, i18n } = useTranslation('crm');
  const { data: client, isPending } = useCrmClient(clientId);
  const none = <span className="text-stone-500">{t('details.none')}</span>;
  const rows: [string, React.ReactNode][] = client
    ? [
        [t('details.company'), client.company_name ?? none],
        [
          t('details.phone'),
          client.client_phone ? (
            <a href={`tel:${client.client_phone.replace(/ /g, '')}`} className="text-brand-700 underline">
              {client.client_phone}
            </a>
          ) : (
            none
          ),
        ],
        [
          t('details.email'),
          client.client_email ? (
            <a href={`mailto:${client.client_email}`} className="break-all text-brand-700 underline">
              {client.client_email}
            </a>
          ) : (
            none
          ),
        ],
        [t('details.address'), client.address ?? none],
        [t('details.value'), formatMoney(client.client_value)],
        [t('details.owner'), client.owner_name],
        ...(client.won_at
          ? [[t('details.won_at'), formatDate(client.won_at, i18n.language)] as [string, React.ReactNode]]
          : []),
      ]
    : [];
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={client?.client_name ?? t('details.title')}
      closeLabel={t('close')}
      footer={
        client && (
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onEdit(client)} data-testid="details-edit">
              <Pencil aria-hidden className="size-4" />
              {t('details.edit')}
            </Button>
            <Button onClick={() => onLogActivity(client)} data-testid="details-log-activity">
              <CalendarPlus aria-hidden className="size-4" />
              {t('details.log')}
            </Button>
          </div>
        )
      }
    >
      {isPending || !client ? (
        <Loading label={t('loading')} />
      ) : (
        <div data-testid="client-details">
          <div className="mb-3 flex flex-wrap gap-2">
            <Badge tone={typeTones[client.client_type]}>{t(`types.${client.client_type}`)}</Badge>
            <Badge tone={statusTones[client.status]}>{t(`statuses.${client.status}`)}</Badge>
          </div>
          <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
            {rows.map(([label, value]) => (
              <div key={label} className="min-w-0">
                <dt className="text-xs text-stone-500">{label}</dt>
                <dd className="break-words text-stone-900">{value}</dd>
              </div>
            ))}
          </dl>
          {client.notes && (
            <div className="mt-3 text-sm">
              <p className="text-xs text-stone-500">{t('details.notes')}</p>
              <p className="break-words whitespace-pre-line text-stone-900">{client.notes}</p>
            </div>
          )}
          <h3 className="mt-5 text-sm font-semibold text-stone-900">{t('details.activities')}</h3>
          {client.activities.length === 0 ? (
            <p className="mt-2 text-sm text-stone-500">{t('details.no_activities')}</p>
          ) : (
            <ActivityList
              activities={client.activities}
              showClient={false}
              markUpcoming
              testId="client-activities"
            />
          )}
        </div>
      )}
    </Dialog>
  );
}
