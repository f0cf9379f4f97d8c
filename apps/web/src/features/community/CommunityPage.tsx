import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Flag, MessagesSquare, PenSquare } from 'lucide-react';
import { can, POST_TYPES, type AppUser, type PostType } from '@tt/domain';
import { Button } from '../../components/ui/Button';
import { Loading } from '../../components/ui/Loading';
import { PageHeader } from '../../components/ui/PageHeader';
import { TabPanel, Tabs, useTabParam } from '../../components/ui/Tabs';
import { useMe } from '../auth/api';
import { useDeletePost, useReport } from './api';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { ReportDialog } from './components/ReportDialog';
import { Feed } from './components/Feed';
import { ModerationList } from './components/ModerationList';
import type { PostAction } from './components/PostCard';
import { PostDialog } from './components/PostDialog';
import { useQueryParams } from '../../lib/query-params';

const TABS = ['feed', 'moderation'] as const;
type Tab = (typeof TABS)[number];

/** The community feed (spec 1 §2): type chips, New Post, post cards; admins also see the reported posts. */
export default function CommunityPage() {
  const { t } = useTranslation('community');
  const { data: user } = useMe();
  if (!user) return <Loading label={t('loading')} />;
  return <Community user={user} />;
}

function Community({ user }: { user: AppUser }) {
  const { t } = useTranslation('community');
  const [params, setParams] = useQueryParams();
  const type = (POST_TYPES as readonly string[]).includes(params.get('type') ?? '')
    ? (params.get('type') as PostType)
    : null;
  const highlight = Number(params.get('post')) || null;
  const [tab, setTab] = useTabParam<Tab>(TABS);
  const [writing, setWriting] = useState(false);
  const [action, setAction] = useState<PostAction | null>(null);
  const remove = useDeletePost();
  const report = useReport();
  const moderator = can(user.role, 'community.moderate');

  useEffect(() => {
    if (highlight) document.getElementById(`post-${highlight}`)?.scrollIntoView({ block: 'center' });
  });

  const chooseType = (next: PostType | null) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next) copy.set('type', next);
        else copy.delete('type');
        copy.delete('post');
        return copy;
      },
      { replace: true },
    );

  const chips = (
    <div role="group" aria-label={t('filters')} className="mb-4 flex gap-2 overflow-x-auto pb-1">
      {[null, ...POST_TYPES].map((value) => (
        <button
          key={value ?? 'all'}
          type="button"
          aria-pressed={type === value}
          onClick={() => chooseType(value)}
          data-testid={`chip-${value ?? 'all'}`}
          className={
            'h-9 shrink-0 rounded-full border px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none ' +
            (type === value
              ? 'border-brand-700 bg-brand-700 text-white'
              : 'border-stone-300 bg-white text-stone-700 hover:bg-stone-50')
          }
        >
          {value ? t(`types.${value}`) : t('all')}
        </button>
      ))}
    </div>
  );
  const feed = (
    <Feed
      type={type}
      user={user}
      highlight={highlight}
      onAction={setAction}
      onWrite={() => setWriting(true)}
    />
  );

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        action={
          <Button onClick={() => setWriting(true)} data-testid="new-post">
            <PenSquare aria-hidden className="size-4" />
            {t('new_post')}
          </Button>
        }
      />
      {moderator ? (
        <Tabs
          items={[
            { value: 'feed', label: t('tabs.feed'), icon: MessagesSquare },
            { value: 'moderation', label: t('tabs.moderation'), icon: Flag },
          ]}
          value={tab}
          onValueChange={setTab}
          label={t('tabs.label')}
        >
          <TabPanel value="feed">
            {chips}
            {feed}
          </TabPanel>
          <TabPanel value="moderation">
            <ModerationList user={user} onAction={setAction} />
          </TabPanel>
        </Tabs>
      ) : (
        <>
          {chips}
          {feed}
        </>
      )}
      {writing && (
        <PostDialog user={user} onClose={() => setWriting(false)} onSaved={() => setWriting(false)} />
      )}
      {action?.kind === 'edit' && (
        <PostDialog
          user={user}
          post={action.post}
          onClose={() => setAction(null)}
          onSaved={() => setAction(null)}
        />
      )}
      {action?.kind === 'delete' && (
        <ConfirmDialog
          title={t('post.delete')}
          message={t('post.delete_confirm')}
          confirmLabel={t('post.delete')}
          busy={remove.isPending}
          onClose={() => setAction(null)}
          onConfirm={() => remove.mutate(action.post.id, { onSuccess: () => setAction(null) })}
        />
      )}
      {action?.kind === 'report' && (
        <ReportDialog
          busy={report.isPending}
          onClose={() => setAction(null)}
          onConfirm={(reason) =>
            report.mutate({ id: action.post.id, reason }, { onSuccess: () => setAction(null) })
          }
        />
      )}
    </>
  );
}
