import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeOff, Flag, Heart, MessageCircle, Pencil, Pin, PinOff, Trash2, Eye } from 'lucide-react';
import { can, type AppUser, type Post, type PostType } from '@tt/domain';
import { Badge, type Tone } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { cn } from '../../../components/ui/cn';
import { formatDateTime } from '../../../lib/format';
import { useHide, useLike, usePin } from '../api';
import { CommentThread } from './CommentThread';

export const TYPE_TONES: Record<PostType, Tone> = {
  discussion: 'grey',
  announcement: 'blue',
  question: 'purple',
  success_story: 'green',
};

export type PostAction = { kind: 'edit' | 'delete' | 'report'; post: Post };

/**
 * One post: author, time, type, the text and picture, Like (one per member) and the comment thread,
 * and the actions the caller may take (the same rules the server enforces).
 */
export function PostCard({
  post,
  user,
  highlight,
  onAction,
}: {
  post: Post;
  user: AppUser;
  highlight?: boolean;
  onAction: (action: PostAction) => void;
}) {
  const { t, i18n } = useTranslation('community');
  const [open, setOpen] = useState(highlight ?? false);
  const like = useLike();
  const pin = usePin();
  const hide = useHide();
  const mine = post.user_id === user.id;
  const moderator = can(user.role, 'community.moderate');
  const liked = post.liked_by_me;
  const initial = post.user_name.trim().charAt(0).toUpperCase() || '?';
  return (
    <Card
      className={cn('p-4 sm:p-5', highlight && 'ring-2 ring-brand-300')}
      data-testid={`post-${post.id}`}
      id={`post-${post.id}`}
    >
      <article aria-labelledby={`post-${post.id}-author`}>
        <header className="flex items-start gap-3">
          <span
            aria-hidden
            className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-100 font-semibold text-brand-800"
          >
            {initial}
          </span>
          <div className="min-w-0 flex-1">
            <p id={`post-${post.id}-author`} className="font-medium break-words text-stone-900">
              {post.user_name}
            </p>
            <p className="text-xs text-stone-600">
              <time dateTime={post.created_at}>{formatDateTime(post.created_at, i18n.language)}</time>
              {post.edited_at && ` · ${t('post.edited')}`}
            </p>
          </div>
          <div className="flex flex-wrap justify-end gap-1">
            {post.is_pinned && (
              <Badge tone="orange">
                <Pin aria-hidden className="mr-1 size-3" />
                {t('post.pinned')}
              </Badge>
            )}
            {post.is_hidden && <Badge tone="red">{t('post.hidden')}</Badge>}
            <Badge tone={TYPE_TONES[post.post_type]}>{t(`types.${post.post_type}`)}</Badge>
          </div>
        </header>
        {post.title && (
          <h2 className="mt-3 text-lg font-semibold break-words text-stone-900">{post.title}</h2>
        )}
        <p className="mt-2 text-sm whitespace-pre-wrap break-words text-stone-800">{post.content}</p>
        {post.image_url && (
          <img
            src={post.image_url}
            alt={t('post.picture_alt', { name: post.user_name })}
            loading="lazy"
            className="mt-3 max-h-96 w-full rounded-lg bg-stone-100 object-contain"
          />
        )}
        <div className="mt-3 flex flex-wrap items-center gap-1 border-t border-stone-100 pt-2">
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={liked}
            disabled={like.isPending}
            onClick={() => like.mutate({ id: post.id, liked: !liked })}
            data-testid="like"
            className={cn(liked && 'text-red-700')}
          >
            <Heart aria-hidden className={cn('size-4', liked && 'fill-current')} />
            <span className="sr-only">{t('post.like')}:</span>
            <span data-testid="likes-count">{t('post.likes', { count: post.likes_count })}</span>
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={open}
            aria-controls={`post-${post.id}-comments`}
            onClick={() => setOpen((v) => !v)}
            data-testid="toggle-comments"
          >
            <MessageCircle aria-hidden className="size-4" />
            <span data-testid="comments-count">{t('post.comments', { count: post.comments_count })}</span>
          </Button>
          <div className="ml-auto flex flex-wrap gap-1" role="group" aria-label={t('post.actions')}>
            {mine && (
              <Button variant="ghost" size="sm" onClick={() => onAction({ kind: 'edit', post })}>
                <Pencil aria-hidden className="size-4" />
                {t('post.edit')}
              </Button>
            )}
            {(mine || moderator) && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onAction({ kind: 'delete', post })}
                data-testid="delete-post"
              >
                <Trash2 aria-hidden className="size-4" />
                {t('post.delete')}
              </Button>
            )}
            {can(user.role, 'community.pin') && (
              <Button
                variant="ghost"
                size="sm"
                disabled={pin.isPending}
                onClick={() => pin.mutate({ id: post.id, pinned: !post.is_pinned })}
              >
                {post.is_pinned ? (
                  <PinOff aria-hidden className="size-4" />
                ) : (
                  <Pin aria-hidden className="size-4" />
                )}
                {t(post.is_pinned ? 'post.unpin' : 'post.pin')}
              </Button>
            )}
            {moderator && (
              <Button
                variant="ghost"
                size="sm"
                disabled={hide.isPending}
                onClick={() => hide.mutate({ id: post.id, hidden: !post.is_hidden })}
                data-testid="hide-post"
              >
                {post.is_hidden ? (
                  <Eye aria-hidden className="size-4" />
                ) : (
                  <EyeOff aria-hidden className="size-4" />
                )}
                {t(post.is_hidden ? 'post.show' : 'post.hide')}
              </Button>
            )}
            {!mine && (
              <Button
                variant="ghost"
                size="sm"
                disabled={post.reported_by_me}
                onClick={() => onAction({ kind: 'report', post })}
                data-testid="report-post"
              >
                <Flag aria-hidden className="size-4" />
                {t(post.reported_by_me ? 'post.reported' : 'post.report')}
              </Button>
            )}
          </div>
        </div>
        {open && <CommentThread postId={post.id} />}
      </article>
    </Card>
  );
}
