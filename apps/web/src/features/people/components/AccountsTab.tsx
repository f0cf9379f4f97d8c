import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight, Search, Users } from 'lucide-react';
import {
  ACCOUNT_STATUSES,
  ADMIN_USER_PAGE_MAX,
  ROLES,
  type AccountStatus,
  type AdminUser,
  type AppUser,
  type Role,
} from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { QueryState } from '../../../components/ui/QueryState';
import { SearchFilters, type FilterSelect } from '../../../components/ui/SearchFilters';
import { formatCount } from '../../../lib/format';
import { useQueryParams } from '../../../lib/query-params';
import { useAccounts, type PeopleQuery } from '../api';
import { AccountList, type AccountAction } from './AccountList';
import { PasswordLinkDialog } from './PasswordLinkDialog';
import { RoleDialog } from './RoleDialog';
import { StatusDialog } from './StatusDialog';

const SEARCH_DEBOUNCE_MS = 300;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

/**
 * The search, filters and page live in the address, so a reload, Back and a shared link keep them. A new search or
 * filter starts again at the first page.
 */
function usePeopleParams() {
  const [params, setParams] = useQueryParams();
  const asked = Math.floor(Number(params.get('page')));
  const page = asked > 1 ? Math.min(asked, ADMIN_USER_PAGE_MAX) : 1;
  const query: PeopleQuery = {};
  const search = params.get('q')?.trim();
  if (search) query.search = search;
  const role = oneOf(ROLES, params.get('role'));
  if (role) query.role = role;
  const status = oneOf(ACCOUNT_STATUSES, params.get('status'));
  if (status) query.status = status;
  if (page > 1) query.page = page;
  const update = (changes: { q?: string; role?: string; status?: string; page?: number }) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value && !(name === 'page' && value === 1)) next.set(name, String(value));
          else next.delete(name);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      // Typing a search replaces the entry, so Back leaves the screen rather than undoing letters.
      { replace: 'q' in changes, preventScrollReset: true },
    );
  return { query, page, update };
}

/** The search box's text: the address follows it after a pause, and it follows the address on Back. */
function useSearchText(search: string | undefined, onPause: (text: string) => void) {
  const [text, setText] = useState(search ?? '');
  useEffect(() => {
    setText((typed) => (typed.trim() === (search ?? '') ? typed : (search ?? '')));
  }, [search]);
  useEffect(() => {
    if (text.trim() === (search ?? '')) return;
    const timer = window.setTimeout(() => onPause(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onPause is rebuilt each render; the text drives this
  }, [text, search]);
  return [text, setText] as const;
}

type Acting = { action: AccountAction; account: AdminUser } | null;

/** Accounts by name, phone, email or company, by role and status, a page at a time, with what may be done to each. */
export function AccountsTab({ viewer }: { viewer: AppUser }) {
  const { t, i18n } = useTranslation('people');
  const { query, page, update } = usePeopleParams();
  const [text, setText] = useSearchText(query.search, (q) => update({ q }));
  const accounts = useAccounts(query);
  const [acting, setActing] = useState<Acting>(null);
  const filtered = Boolean(query.search || query.role || query.status);
  const close = () => setActing(null);
  return (
    <div>
      <SearchFilters
        search={{
          label: t('list.search'),
          placeholder: t('list.search_placeholder'),
          value: text,
          onChange: setText,
          testId: 'account-search',
        }}
        filters={[
          {
            label: t('list.role_filter'),
            value: query.role ?? '',
            onChange: (role) => update({ role }),
            allLabel: t('list.all_roles'),
            options: ROLES.map((value) => ({ value, label: t(`common:roles.${value}`) })),
            testId: 'account-role-filter',
          } satisfies FilterSelect<Role>,
          {
            label: t('list.status_filter'),
            value: query.status ?? '',
            onChange: (status) => update({ status }),
            allLabel: t('list.all_statuses'),
            options: ACCOUNT_STATUSES.map((value) => ({ value, label: t(`status.${value}`) })),
            testId: 'account-status-filter',
          } satisfies FilterSelect<AccountStatus>,
        ]}
      />
      <QueryState
        query={accounts}
        icon={filtered ? Search : Users}
        loading={t('list.loading')}
        isEmpty={(list) => list.users.length === 0}
        empty={
          page > 1
            ? {
                title: t('list.past_end'),
                action: (
                  <Button variant="outline" onClick={() => update({ page: 1 })}>
                    {t('list.first_page')}
                  </Button>
                ),
                testId: 'accounts-empty',
              }
            : filtered
              ? {
                  title: t('list.none_found'),
                  message: t('list.none_found_text'),
                  action: (
                    <Button
                      variant="outline"
                      onClick={() => {
                        setText('');
                        update({ q: undefined, role: undefined, status: undefined });
                      }}
                    >
                      {t('list.clear')}
                    </Button>
                  ),
                  testId: 'accounts-empty',
                }
              : { title: t('list.empty'), testId: 'accounts-empty' }
        }
      >
        {(list) => {
          const from = (list.page - 1) * list.page_size + 1;
          const to = from + list.users.length - 1;
          const count = (n: number) => formatCount(n, i18n.language);
          return (
            <>
              <AccountList
                accounts={list.users}
                viewer={viewer}
                busy={accounts.isPlaceholderData}
                onAction={(action, account) => setActing({ action, account })}
              />
              <nav
                aria-label={t('list.pages')}
                className="mt-4 flex items-center justify-center gap-3"
                data-testid="account-pages"
              >
                <Button
                  variant="outline"
                  size="sm"
                  disabled={list.page <= 1}
                  onClick={() => update({ page: list.page - 1 })}
                  aria-label={t('list.previous')}
                  data-testid="previous-page"
                >
                  <ChevronLeft aria-hidden className="size-4" />
                </Button>
                <p
                  className="text-sm text-stone-700 tabular-nums"
                  aria-live="polite"
                  data-testid="account-range"
                >
                  {t('list.range', { from: count(from), to: count(to), total: count(list.matching) })}
                </p>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={to >= list.matching}
                  onClick={() => update({ page: list.page + 1 })}
                  aria-label={t('list.next')}
                  data-testid="next-page"
                >
                  <ChevronRight aria-hidden className="size-4" />
                </Button>
              </nav>
            </>
          );
        }}
      </QueryState>
      {acting?.action === 'role' && <RoleDialog account={acting.account} onClose={close} />}
      {(acting?.action === 'suspend' || acting?.action === 'reactivate') && (
        <StatusDialog account={acting.account} kind={acting.action} onClose={close} />
      )}
      {acting?.action === 'password' && <PasswordLinkDialog account={acting.account} onClose={close} />}
    </div>
  );
}
