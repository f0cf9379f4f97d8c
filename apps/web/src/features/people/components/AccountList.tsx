import { useTranslation } from 'react-i18next';
import { Mail, Smartphone } from 'lucide-react';
import { formatE164, type AccountStatus, type AdminUser, type AppUser } from '@tt/domain';
import { Badge, type Tone } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { RoleBadge } from '../../../components/ui/RoleBadge';
import { cn } from '../../../components/ui/cn';
import { formatDate, formatDateTime } from '../../../lib/format';

export type AccountAction = 'role' | 'suspend' | 'reactivate' | 'password';

// A long label (isiZulu's, say) wraps inside the narrow actions column instead of running past it.
const WRAP = 'h-auto min-h-8 py-1 text-center whitespace-normal!';

const STATUS_TONE: Record<AccountStatus, Tone> = { active: 'green', suspended: 'red', closed: 'grey' };

// Literal classes (Tailwind keeps only what it finds written out): the header and the rows share the columns.
const COLUMNS =
  'xl:grid xl:grid-cols-[minmax(0,2fr)_minmax(0,1.2fr)_minmax(0,1.2fr)_minmax(0,1.3fr)_10rem] xl:items-start xl:gap-4';

/**
 * The accounts: a card each on a phone (two side by side from `md`), rows under column headings from `xl`. One list
 * in both, so each account is once in the page; every cell says what it is, as the headings are only drawn.
 */
export function AccountList({
  accounts,
  viewer,
  onAction,
  busy,
}: {
  accounts: AdminUser[];
  viewer: AppUser;
  onAction: (action: AccountAction, account: AdminUser) => void;
  /** Another page or search is on its way: the rows shown are the previous answer. */
  busy: boolean;
}) {
  const { t } = useTranslation('people');
  return (
    <div className="xl:overflow-hidden xl:rounded-xl xl:border xl:border-stone-200 xl:bg-white xl:shadow-sm">
      <div
        aria-hidden
        className={cn(
          'hidden border-b border-stone-100 bg-stone-50 px-5 py-2.5 text-xs font-medium text-stone-600 uppercase',
          COLUMNS,
        )}
      >
        <span>{t('columns.account')}</span>
        <span>{t('columns.role')}</span>
        <span>{t('columns.status')}</span>
        <span>{t('columns.dates')}</span>
        <span>{t('columns.actions')}</span>
      </div>
      <ul
        className={cn('grid gap-3 md:grid-cols-2 xl:grid-cols-1 xl:gap-0', busy && 'opacity-60')}
        aria-busy={busy || undefined}
        data-testid="account-list"
      >
        {accounts.map((account) => (
          <AccountRow
            key={account.id}
            account={account}
            viewer={viewer}
            onAction={(action) => onAction(action, account)}
          />
        ))}
      </ul>
    </div>
  );
}

function AccountRow({
  account,
  viewer,
  onAction,
}: {
  account: AdminUser;
  viewer: AppUser;
  onAction: (action: AccountAction) => void;
}) {
  const { t, i18n } = useTranslation('people');
  const self = account.id === viewer.id;
  return (
    <li
      className={cn(
        'flex min-w-0 flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm',
        // From xl a row of the one card: only the line under it stays, and not under the last.
        'xl:rounded-none xl:border-x-0 xl:border-t-0 xl:border-stone-100 xl:px-5 xl:py-3 xl:shadow-none xl:last:border-b-0',
        COLUMNS,
      )}
      data-testid="account"
      data-account-id={account.id}
      data-status={account.status}
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-semibold break-words text-stone-900">{account.name}</span>
          {self && <span className="text-xs font-medium text-stone-600">({t('account.you')})</span>}
        </p>
        <p className="text-sm break-words text-stone-700">
          {account.company_name ?? <span className="text-stone-600 italic">{t('account.no_business')}</span>}
        </p>
        {account.mobile && (
          <p className="mt-1 flex items-center gap-1.5 text-sm text-stone-700">
            <Smartphone aria-hidden className="size-4 shrink-0 text-stone-500" />
            <span className="sr-only">{t('account.mobile')}: </span>
            <span className="whitespace-nowrap tabular-nums">{formatE164(account.mobile)}</span>
          </p>
        )}
        {account.email && (
          <p className="mt-1 flex items-center gap-1.5 text-sm text-stone-700">
            <Mail aria-hidden className="size-4 shrink-0 text-stone-500" />
            <span className="sr-only">{t('account.email')}: </span>
            <span className="min-w-0 break-all">{account.email}</span>
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-start gap-1.5">
        <span className="sr-only">{t('columns.role')}: </span>
        <RoleBadge role={account.role} />
        {account.is_demo && (
          <Badge tone="yellow" className="max-w-full whitespace-normal!">
            {t('account.demo')}
          </Badge>
        )}
      </div>
      <div className="min-w-0">
        <span className="sr-only">{t('columns.status')}: </span>
        <Badge tone={STATUS_TONE[account.status]}>{t(`status.${account.status}`)}</Badge>
        {account.status === 'suspended' && account.suspended_reason && (
          <p className="mt-1 text-sm break-words text-stone-700" data-testid="suspended-reason">
            {t('account.suspended_reason', { reason: account.suspended_reason })}
          </p>
        )}
        {account.status !== 'closed' && !account.has_password && (
          <p className="mt-1 text-xs text-stone-600">{t('account.no_password')}</p>
        )}
      </div>
      <div className="text-sm text-stone-700">
        <p>{t('account.member_since', { date: formatDate(account.created_at, i18n.language) })}</p>
        <p>
          {account.last_sign_in_at
            ? t('account.last_sign_in', { time: formatDateTime(account.last_sign_in_at, i18n.language) })
            : t('account.never_signed_in')}
        </p>
      </div>
      <AccountActions account={account} self={self} onAction={onAction} />
    </li>
  );
}

/**
 * What an administrator may do to the account, as the server allows it: nothing to a closed one, nothing to a shared
 * demo account (it is shared by every visitor, so its role and password stay as seeded), and no suspending oneself.
 */
function AccountActions({
  account,
  self,
  onAction,
}: {
  account: AdminUser;
  self: boolean;
  onAction: (action: AccountAction) => void;
}) {
  const { t } = useTranslation('people');
  if (account.status === 'closed') return <p className="text-xs text-stone-600">{t('actions.closed')}</p>;
  if (account.is_demo) return <p className="text-xs text-stone-600">{t('actions.demo_account')}</p>;
  return (
    <div
      role="group"
      aria-label={t('actions.label', { name: account.name })}
      className="flex flex-wrap gap-2 xl:flex-col xl:items-stretch xl:gap-1.5"
    >
      <Button
        size="sm"
        variant="outline"
        className={WRAP}
        onClick={() => onAction('role')}
        data-testid="change-role"
      >
        {t('actions.change_role')}
      </Button>
      {account.status === 'active' && !self && (
        <Button
          size="sm"
          variant="outline"
          className={WRAP}
          onClick={() => onAction('suspend')}
          data-testid="suspend"
        >
          {t('actions.suspend')}
        </Button>
      )}
      {account.status === 'suspended' && (
        <Button
          size="sm"
          variant="outline"
          className={WRAP}
          onClick={() => onAction('reactivate')}
          data-testid="reactivate"
        >
          {t('actions.reactivate')}
        </Button>
      )}
      <Button
        size="sm"
        variant="outline"
        className={WRAP}
        onClick={() => onAction('password')}
        data-testid="password-link"
      >
        {t('actions.password_link')}
      </Button>
    </div>
  );
}
