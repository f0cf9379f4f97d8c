import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Card } from './Card';
import { EmptyState } from './EmptyState';

/** A screen whose data could not load: the toast has said why; this offers the way out. */
export function LoadError({ icon, onRetry }: { icon: LucideIcon; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Card>
      <EmptyState
        icon={icon}
        title={t('common:errors.screen_title')}
        action={
          <Button variant="outline" onClick={onRetry}>
            {t('common:common.reload')}
          </Button>
        }
      />
    </Card>
  );
}
