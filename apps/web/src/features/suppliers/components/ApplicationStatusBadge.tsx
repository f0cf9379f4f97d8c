import { useTranslation } from 'react-i18next';
import type { ApplicationStatus } from '@tt/domain';
import { Badge, type Tone } from '../../../components/ui/Badge';

const tones: Record<ApplicationStatus, Tone> = {
  pending: 'yellow',
  under_review: 'blue',
  approved: 'green',
  rejected: 'red',
};

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  const { t } = useTranslation('suppliers');
  return (
    <Badge tone={tones[status]} className="shrink-0">
      {t(`status.${status}`)}
    </Badge>
  );
}
