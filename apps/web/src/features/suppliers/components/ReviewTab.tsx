import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClipboardCheck, Clock, Inbox, Search } from 'lucide-react';
import { categoryPreview, type ReviewDecision, type SupplierApplication } from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { QueryState } from '../../../components/ui/QueryState';
import { StatCard } from '../../../components/ui/StatCard';
import { formatDate } from '../../../lib/format';
import { useReviewList } from '../api';
import { ApplicationStatusBadge } from './ApplicationStatusBadge';
import { ReviewDialog } from './ReviewDialog';

/** Review Applications (admin and coordinator): every application, the open counts, and the decisions. */
export function ReviewTab({ userId }: { userId: number }) {
  const { t } = useTranslation('suppliers');
  const list = useReviewList(true);
  const [deciding, setDeciding] = useState<{
    application: SupplierApplication;
    decision: ReviewDecision;
  } | null>(null);
  return (
    <>
      <div className="mb-4 grid grid-cols-3 gap-3" data-testid="review-counts">
        <StatCard
          label={t('review.pending')}
          value={list.data ? String(list.data.pending) : '…'}
          icon={Clock}
        />
        <StatCard
          label={t('review.under_review')}
          value={list.data ? String(list.data.under_review) : '…'}
          icon={Search}
          tone="bg-blue-100 text-blue-700"
        />
        <StatCard
          label={t('review.total')}
          value={list.data ? String(list.data.total) : '…'}
          icon={ClipboardCheck}
          tone="bg-green-100 text-green-700"
        />
      </div>
      <QueryState
        query={list}
        icon={Inbox}
        empty={{ title: t('review.empty') }}
        isEmpty={(data) => data.applications.length === 0}
      >
        {(data) => (
          <ul className="space-y-3">
            {data.applications.map((application) => (
              <li key={application.id}>
                <ReviewCard
                  application={application}
                  own={application.user_id === userId}
                  onDecide={(decision) => setDeciding({ application, decision })}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {deciding && (
        <ReviewDialog
          application={deciding.application}
          decision={deciding.decision}
          onClose={() => setDeciding(null)}
        />
      )}
    </>
  );
}

function ReviewCard({
  application,
  own,
  onDecide,
}: {
  application: SupplierApplication;
  own: boolean;
  onDecide: (decision: ReviewDecision) => void;
}) {
  const { t, i18n } = useTranslation('suppliers');
  const { shown, more } = categoryPreview(application.product_categories);
  const status = application.application_status;
  const open = status === 'pending' || status === 'under_review';
  return (
    <Card className="p-4" data-testid="review-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-stone-900">{application.company_name}</h3>
          <p className="text-sm text-stone-600">
            {t('review.by', {
              name: application.applicant_name,
              role: t(`roles.${application.role_applied_for}`),
              date: formatDate(application.created_at, i18n.language),
            })}
          </p>
        </div>
        <ApplicationStatusBadge status={status} />
      </div>
      <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={t('fields.product_categories')}>
        {shown.map((category) => (
          <li key={category} className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs text-stone-700">
            {t(`categories.${category}`)}
          </li>
        ))}
        {more > 0 && (
          <li
            className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs text-stone-700"
            data-testid="more-categories"
          >
            {t('review.more', { count: more })}
          </li>
        )}
      </ul>
      <p className="mt-2 text-sm text-stone-600">
        {t('review.years', { count: application.years_in_business })} ·{' '}
        {t('review.certs', { count: application.certifications.length })}
        {application.monthly_capacity ? ` · ${application.monthly_capacity}` : ''}
      </p>
      {application.review_notes && (
        <p className="mt-2 rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-700">
          {t('review.notes_by', { name: application.reviewed_by_name ?? '' })} {application.review_notes}
        </p>
      )}
      {open &&
        (own ? (
          <p className="mt-3 text-sm text-stone-600" data-testid="own-application">
            {t('review.own')}
          </p>
        ) : (
          <div className="mt-3 flex flex-wrap gap-2">
            {status === 'pending' && (
              <Button
                variant="outline"
                size="sm"
                onClick={() => onDecide('under_review')}
                data-testid="start-review"
              >
                {t('review.start')}
              </Button>
            )}
            <Button size="sm" onClick={() => onDecide('approved')} data-testid="approve">
              {t('review.approve')}
            </Button>
            <Button variant="danger" size="sm" onClick={() => onDecide('rejected')} data-testid="reject">
              {t('review.reject')}
            </Button>
          </div>
        ))}
    </Card>
  );
}
