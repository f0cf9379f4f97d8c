import { useTranslation } from 'react-i18next';
import { Button } from './Button';

/**
 * Under a list that comes a page at a time: how much of it is on screen, and a tap for the next page. Nothing
 * when there is no next page.
 */
export function ShowMore({
  more,
  shown,
  total,
  loading,
  onMore,
  testId,
}: {
  more: boolean;
  shown: number;
  total: number;
  loading: boolean;
  onMore: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (!more) return null;
  return (
    <div className="mt-4 text-center">
      <Button variant="outline" onClick={onMore} loading={loading} data-testid={testId}>
        {t('common:common.show_more', { shown, total })}
      </Button>
    </div>
  );
}
