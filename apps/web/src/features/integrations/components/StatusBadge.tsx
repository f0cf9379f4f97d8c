import { useTranslation } from 'react-i18next';
import type { IntegrationLogStatus, IntegrationStatus } from '@tt/domain';
import { Badge, type Tone } from '../../../components/ui/Badge';

const TONES: Record<IntegrationStatus | IntegrationLogStatus, Tone> = {
  active: 'green',
  pending: 'yellow',
  error: 'red',
  inactive: 'grey',
  success: 'green',
};

/** Spec 2 §4's statuses of a connection and of a log line, in the reader's words. */
export function StatusBadge({ status }: { status: IntegrationStatus | IntegrationLogStatus }) {
  const { t } = useTranslation('integrations');
  return (
    <span data-testid="status" data-status={status}>
      <Badge tone={TONES[status]}>{t(`status.${status}`)}</Badge>
    </span>
  );
}
