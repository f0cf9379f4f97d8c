import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import type { SecuritySession } from '@tt/domain';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { QueryState } from '../../../components/ui/QueryState';
import { formatDateTime } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toast';
import { useEndOtherSessions, useEndSession, useSecuritySessions } from '../api';

/**
 * Where the account is signed in: each open session with its device and when, this one marked; Sign out ends one
 * at once, and all the others together (not on a shared demo account, whose other sessions are other visitors').
 */
export function SessionsCard() {
  const { t } = useTranslation('security');
  const sessions = useSecuritySessions();
  const endOthers = useEndOtherSessions();
  const [confirmingAll, setConfirmingAll] = useState(false);
  const [ending, setEnding] = useState<SecuritySession | null>(null);
  return (
    <Card data-testid="sessions">
      <CardHeader title={t('sessions.title')} subtitle={t('sessions.subtitle')} />
      <QueryState query={sessions} icon={MonitorSmartphone} loading={t('loading')}>
        {(list) => {
          const others = list.sessions.filter((s) => !s.current).length;
          return (
            <>
              <ul className="divide-y divide-stone-100">
                {list.sessions.map((session) => (
                  <SessionRow key={session.id} session={session} onEnd={() => setEnding(session)} />
                ))}
              </ul>
              <div className="space-y-2 border-t border-stone-100 px-4 py-3 sm:px-5">
                {list.open > list.sessions.length && (
                  <p className="text-xs text-stone-600">
                    {t('sessions.more', { shown: list.sessions.length, count: list.open })}
                  </p>
                )}
                {list.shared_account ? (
                  <p className="text-sm text-stone-600" data-testid="shared-account">
                    {t('sessions.shared')}
                  </p>
                ) : others === 0 ? (
                  <p className="text-sm text-stone-600">{t('sessions.none_other')}</p>
                ) : (
                  <Button
                    variant="outline"
                    onClick={() => setConfirmingAll(true)}
                    data-testid="sign-out-others"
                  >
                    <LogOut aria-hidden className="size-4" />
                    {t('sessions.sign_out_others')}
                  </Button>
                )}
              </div>
            </>
          );
        }}
      </QueryState>
      {confirmingAll && (
        <ConfirmDialog
          title={t('sessions.confirm_others_title')}
          message={t('sessions.confirm_others_text')}
          confirmLabel={t('sessions.sign_out_others')}
          busy={endOthers.isPending}
          onClose={() => setConfirmingAll(false)}
          onConfirm={() =>
            endOthers.mutate(undefined, {
              onSuccess: ({ ended }) => {
                setConfirmingAll(false);
                toastSuccess(t('sessions.ended_others', { count: ended }));
              },
            })
          }
        />
      )}
      {ending && <EndSessionDialog session={ending} onClose={() => setEnding(null)} />}
    </Card>
  );
}

function SessionRow({ session, onEnd }: { session: SecuritySession; onEnd: () => void }) {
  const { t, i18n } = useTranslation('security');
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-5" data-testid="session">
      <MonitorSmartphone aria-hidden className="size-5 shrink-0 text-stone-500" />
      <div className="min-w-0 flex-1 basis-48">
        <p className="flex flex-wrap items-center gap-2 font-medium text-stone-900">
          <span className="break-words">{session.device}</span>
          {session.current && <Badge tone="green">{t('sessions.this_device')}</Badge>}
        </p>
        <p className="text-xs text-stone-600">
          {t('sessions.signed_in', { when: formatDateTime(session.created_at, i18n.language) })} ·{' '}
          {t('sessions.expires', { when: formatDateTime(session.expires_at, i18n.language) })}
          {session.ip && <> · {t('sessions.ip', { ip: session.ip })}</>}
        </p>
      </div>
      {!session.current && (
        <Button
          variant="outline"
          size="sm"
          onClick={onEnd}
          aria-label={`${t('sessions.sign_out')}: ${session.device}`}
          data-testid="end-session"
        >
          <LogOut aria-hidden className="size-4" />
          {t('sessions.sign_out')}
        </Button>
      )}
    </li>
  );
}

function EndSessionDialog({ session, onClose }: { session: SecuritySession; onClose: () => void }) {
  const { t, i18n } = useTranslation('security');
  const end = useEndSession();
  return (
    <ConfirmDialog
      title={t('sessions.confirm_one_title')}
      message={t('sessions.confirm_one_text', {
        device: session.device,
        when: formatDateTime(session.created_at, i18n.language),
      })}
      confirmLabel={t('sessions.sign_out')}
      busy={end.isPending}
      onClose={onClose}
      onConfirm={() =>
        end.mutate(session.id, {
          onSuccess: () => {
            onClose();
            toastSuccess(t('sessions.ended_one'));
          },
        })
      }
    />
  );
}
