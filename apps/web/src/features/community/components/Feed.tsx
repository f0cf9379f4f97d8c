import { useTranslation } from 'react-i18next';
import { MessagesSquare } from 'lucide-react';
import type { AppUser, PostType } from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { QueryState } from '../../../components/ui/QueryState';
import { useCommunityFeed } from '../api';
import { PostCard, type PostAction } from './PostCard';

/** The feed for one type (or all): pinned first, newest next, ten at a time. */
export function Feed({
  type,
  user,
  highlight,
  onAction,
  onWrite,
}: {
  type: PostType | null;
  user: AppUser;
  highlight: number | null;
  onAction: (action: PostAction) => void;
  onWrite: () => void;
}) {
  const { t } = useTranslation('community');
  const feed = useCommunityFeed(type);
  return (
    <QueryState
      query={feed}
      icon={MessagesSquare}
      loading={t('loading')}
      isEmpty={(data) => data.pages.every((page) => page.posts.length === 0)}
      empty={{
        title: t('empty.title'),
        message: type ? t('empty.filtered') : t('empty.message'),
        action: <Button onClick={onWrite}>{t('new_post')}</Button>,
      }}
    >
      {(data) => (
        <div className="space-y-4" data-testid="feed">
          {data.pages.flatMap((page) =>
            page.posts.map((post) => (
              <PostCard
                key={post.id}
                post={post}
                user={user}
                highlight={post.id === highlight}
                onAction={onAction}
              />
            )),
          )}
          {feed.hasNextPage && (
            <div className="text-center">
              <Button
                variant="outline"
                loading={feed.isFetchingNextPage}
                onClick={() => void feed.fetchNextPage()}
                data-testid="load-more"
              >
                {t('load_more')}
              </Button>
            </div>
          )}
        </div>
      )}
    </QueryState>
  );
}
