import { useTranslation } from 'react-i18next';
import { Building2, Eye, Mail, Pencil, Phone } from 'lucide-react';
import type { CrmClient } from '@tt/domain';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { formatDate, formatMoney } from '../../../lib/format';
import { statusTones, typeTones } from '../format';

export function ClientCard({
  client: c,
  showOwner,
  onView,
  onEdit,
}: {
  client: CrmClient;
  showOwner: boolean;
  onView: () => void;
  onEdit: () => void;
}) {
  const { t, i18n } = useTranslation('crm');
  return (
    <Card className="flex h-full flex-col p-4" data-testid="client-card" data-client-id={c.id}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-stone-900">{c.client_name}</h3>
          {c.company_name && (
            <p className="flex items-center gap-1 text-sm text-stone-600">
              <Building2 aria-hidden className="size-3.5 shrink-0" />
              <span className="min-w-0 break-words">{c.company_name}</span>
            </p>
          )}
        </div>
        <p className="shrink-0 text-right">
          <span className="sr-only">{t('clients.value')}: </span>
          <span className="font-semibold whitespace-nowrap text-stone-900 tabular-nums">
            {formatMoney(c.client_value)}
          </span>
        </p>
      </div>
      <div className="mt-2 flex flex-wrap gap-1.5">
        <Badge tone={typeTones[c.client_type]}>{t(`types.${c.client_type}`)}</Badge>
        <Badge tone={statusTones[c.status]}>{t(`statuses.${c.status}`)}</Badge>
      </div>
      <ul className="mt-3 space-y-1 text-sm text-stone-600">
        {c.client_phone && (
          <li className="flex items-center gap-1.5">
            <Phone aria-hidden className="size-3.5 shrink-0 text-stone-500" />
            {c.client_phone}
          </li>
        )}
        {c.client_email && (
          <li className="flex min-w-0 items-center gap-1.5">
            <Mail aria-hidden className="size-3.5 shrink-0 text-stone-500" />
            <span className="min-w-0 break-all">{c.client_email}</span>
          </li>
        )}
      </ul>
      <p className="mt-2 text-xs text-stone-500">
        {c.last_activity_at
          ? t('clients.last_contact', { date: formatDate(c.last_activity_at, i18n.language) })
          : t('clients.no_contact')}
        {showOwner && ` · ${t('clients.owner', { name: c.owner_name })}`}
      </p>
      <div className="mt-auto flex gap-2 pt-4">
        <Button className="flex-1" variant="outline" size="sm" onClick={onEdit} data-testid="edit-client">
          <Pencil aria-hidden className="size-4" />
          {t('clients.edit')}
        </Button>
        <Button className="flex-1" size="sm" onClick={onView} data-testid="view-client">
          <Eye aria-hidden className="size-4" />
          {t('clients.view')}
        </Button>
      </div>
    </Card>
  );
}
