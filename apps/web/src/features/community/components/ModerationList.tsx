import { useTranslation } from 'react-i18next';
import { Flag } from 'lucide-react';
import type { AppUser } from '@tt/domain';
import { QueryState } from '../../../components/ui/QueryState';
import { useReportedPosts } from '../api';
import { PostCard, type PostAction } from './PostCard';

/** The admins' view: reported posts, most reported first, hidden ones too, with Hide / Show again. */
export function ModerationList({
  user,
  onAction,
}: {
  user: AppUser;
  onAction: (action: PostAction) => void;
}) {
  const { t } = useTranslation('community');
  const reported = useReportedPosts(true);
  return (
    <QueryState query={reported} icon={Flag} empty={{ title: t('moderation.empty') }}>
      {(entries) => (
        <ul className="space-y-4" data-testid="reported-posts">
          {entries.map((entry) => (
            <li key={entry.post.id} className="space-y-2">
              <p className="text-sm font-medium text-red-800">
                {t('moderation.reports', { count: entry.reports_count })}
                {entry.reasons.length > 0 && (
                  <span className="font-normal text-stone-700">
                    {' '}
                    · {t('moderation.reasons')}: {entry.reasons.join('; ')}
                  </span>
                )}
              </p>
              <PostCard post={entry.post} user={user} onAction={onAction} />
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
