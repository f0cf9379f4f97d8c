import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BadgePercent, ClipboardList, PackagePlus } from 'lucide-react';
import type { AppUser, SupplierApplication } from '@tt/domain';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { QueryState } from '../../../components/ui/QueryState';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useApprovalSeen, useMyApplication } from '../api';
import { ApplicationStatusBadge } from './ApplicationStatusBadge';

/** What happens after approval (spec 1: a next-steps list), each step a screen that works today. */
const NEXT_STEPS = ['products', 'stock', 'promote', 'orders', 'plan'] as const;

/** My Application: the caller's application and where it stands; after approval, the shortcuts. */
export function MyApplicationTab({
  user,
  canApply,
  onApply,
}: {
  user: AppUser;
  /** Whether this account may apply (a demo account may not: its role is shared by every visitor). */
  canApply: boolean;
  onApply: () => void;
}) {
  const { t } = useTranslation('suppliers');
  const mine = useMyApplication();
  return (
    <QueryState
      query={mine}
      icon={ClipboardList}
      empty={{
        title: t('my.empty_title'),
        message: canApply
          ? t('my.empty_message')
          : user.is_demo
            ? t('apply.demo_text')
            : t('my.empty_seller'),
        testId: 'my-application-empty',
        ...(canApply
          ? {
              action: (
                <Button onClick={onApply} data-testid="empty-apply">
                  {t('tabs.apply')}
                </Button>
              ),
            }
          : {}),
      }}
      isEmpty={(application) => application === null}
    >
      {(application) => <ApplicationDetails application={application!} user={user} />}
    </QueryState>
  );
}

function ApplicationDetails({ application, user }: { application: SupplierApplication; user: AppUser }) {
  const { t, i18n } = useTranslation('suppliers');
  const approved = application.application_status === 'approved';
  const seen = useApprovalSeen();
  const roleLags = approved && user.role !== application.role_applied_for;
  // Approval changed the role on the server; the session's copy is read again so the menu follows.
  useEffect(() => {
    if (roleLags) seen();
  }, [roleLags, seen]);

  return (
    <div className="space-y-4">
      <Card data-testid="my-application">
        <CardHeader
          title={application.company_name}
          action={<ApplicationStatusBadge status={application.application_status} />}
        />
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 p-4 text-sm sm:grid-cols-2 sm:p-5">
          <Item label={t('fields.role_applied_for')}>{t(`roles.${application.role_applied_for}`)}</Item>
          <Item label={t('fields.submitted')}>{formatDate(application.created_at, i18n.language)}</Item>
          <Item label={t('fields.product_categories')}>
            {application.product_categories.map((c) => t(`categories.${c}`)).join(', ')}
          </Item>
          <Item label={t('fields.certifications')}>
            {application.certifications.length > 0
              ? application.certifications.map((c) => t(`certifications.${c}`)).join(', ')
              : t('none')}
          </Item>
          <Item label={t('fields.years_in_business')}>{String(application.years_in_business)}</Item>
          <Item label={t('fields.monthly_capacity')}>{application.monthly_capacity ?? t('none')}</Item>
          {application.review_notes && (
            <Item label={t('fields.review_notes')} wide>
              {application.review_notes}
            </Item>
          )}
        </dl>
        <p className="border-t border-stone-100 px-4 py-3 text-sm text-stone-600 sm:px-5">
          {t(`my.status_text.${application.application_status}`)}
        </p>
      </Card>
      {approved && (
        <Card data-testid="approved-next-steps">
          <CardHeader title={t('approved.title')} />
          <div className="space-y-4 p-4 sm:p-5">
            <p className="text-sm text-stone-700">{t('approved.text')}</p>
            <div className="flex flex-wrap gap-2">
              <Link
                to={paths.bulkUpload}
                className={buttonClass('primary', 'md')}
                data-testid="go-bulk-upload"
              >
                <PackagePlus aria-hidden className="size-4" />
                {t('approved.bulk_upload')}
              </Link>
              <Link
                to={paths.tradePromotions}
                className={buttonClass('outline', 'md')}
                data-testid="go-trade-promotions"
              >
                <BadgePercent aria-hidden className="size-4" />
                {t('approved.trade_promotions')}
              </Link>
            </div>
            <div>
              <h3 className="text-sm font-semibold text-stone-900">{t('approved.next_steps')}</h3>
              <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-stone-700">
                {NEXT_STEPS.map((step) => (
                  <li key={step}>{t(`approved.steps.${step}`)}</li>
                ))}
              </ol>
            </div>
          </div>
        </Card>
      )}
    </div>
  );
}

function Item({ label, children, wide }: { label: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-medium text-stone-500">{label}</dt>
      <dd className="mt-0.5 break-words text-stone-900">{children}</dd>
    </div>
  );
}
