import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, ClipboardCheck, X } from 'lucide-react';
import type { CrowdCampaign } from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Field } from '../../../components/ui/Field';
import { QueryState } from '../../../components/ui/QueryState';
import { Textarea } from '../../../components/ui/Textarea';
import { toastSuccess } from '../../../lib/toast';
import { useReviewCampaign, useReviews } from '../api';
import { CampaignCard } from './CampaignCard';

/** An admin's queue of campaigns waiting for review; their own campaign waits for another reviewer. */
export function ReviewsTab({ userId }: { userId: number }) {
  const { t } = useTranslation('betacrowd');
  const reviews = useReviews(true);
  const review = useReviewCampaign();
  const [deciding, setDeciding] = useState<{
    campaign: CrowdCampaign;
    decision: 'approve' | 'reject';
  } | null>(null);
  const [note, setNote] = useState('');
  const open = (campaign: CrowdCampaign, decision: 'approve' | 'reject') => {
    setNote('');
    setDeciding({ campaign, decision });
  };
  return (
    <>
      <QueryState
        query={reviews}
        icon={ClipboardCheck}
        empty={{ title: t('reviews.empty_title'), message: t('reviews.empty_text') }}
      >
        {(list) => (
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3" data-testid="review-list">
            {list.map((c) => (
              <li key={c.id} className="min-w-0">
                <CampaignCard campaign={c} showStatus>
                  {c.entrepreneur_id === userId ? (
                    <p className="text-sm text-stone-600">{t('reviews.own')}</p>
                  ) : (
                    <>
                      <Button onClick={() => open(c, 'approve')} data-testid="approve-campaign">
                        <Check aria-hidden className="size-4" />
                        {t('reviews.approve')}
                      </Button>
                      <Button
                        variant="outline"
                        onClick={() => open(c, 'reject')}
                        data-testid="reject-campaign"
                      >
                        <X aria-hidden className="size-4" />
                        {t('reviews.reject')}
                      </Button>
                    </>
                  )}
                </CampaignCard>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {deciding && (
        <ConfirmDialog
          title={t(`reviews.${deciding.decision}_title`, { title: deciding.campaign.campaign_title })}
          confirmLabel={t(`reviews.${deciding.decision}`)}
          danger={deciding.decision === 'reject'}
          busy={review.isPending}
          onClose={() => setDeciding(null)}
          onConfirm={() =>
            review.mutate(
              { id: deciding.campaign.id, decision: deciding.decision, note },
              {
                onSuccess: () => {
                  toastSuccess(t(deciding.decision === 'approve' ? 'reviews.approved' : 'reviews.rejected'));
                  setDeciding(null);
                },
              },
            )
          }
        >
          <Field htmlFor="review-note" label={t('reviews.note')}>
            <Textarea id="review-note" value={note} onChange={(e) => setNote(e.target.value)} rows={3} />
          </Field>
        </ConfirmDialog>
      )}
    </>
  );
}
