import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Megaphone, Plus } from 'lucide-react';
import type { Campaign } from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { QueryState } from '../../../components/ui/QueryState';
import { useCampaigns } from '../api';
import { CampaignCard } from './CampaignCard';
import { SpendDialog } from './SpendDialog';

/** The campaigns as cards (one column on a phone, two on a wide screen); no sample campaigns. */
export function CampaignsTab({
  onCreate,
  onNotice,
}: {
  onCreate: () => void;
  onNotice: (message: string) => void;
}) {
  const { t } = useTranslation('marketing');
  const campaigns = useCampaigns();
  const [spending, setSpending] = useState<Campaign | null>(null);
  return (
    <>
      <QueryState
        query={campaigns}
        icon={Megaphone}
        loading={t('loading')}
        isEmpty={(list) => list.length === 0}
        empty={{
          title: t('empty.title'),
          message: t('empty.message'),
          action: (
            <Button onClick={onCreate}>
              <Plus aria-hidden className="size-4" />
              {t('new_campaign')}
            </Button>
          ),
        }}
      >
        {(list) => (
          <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2" data-testid="campaign-list">
            {list.map((campaign) => (
              <li key={campaign.id}>
                <CampaignCard campaign={campaign} onSpend={() => setSpending(campaign)} onNotice={onNotice} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {spending && (
        <SpendDialog
          campaign={spending}
          onClose={() => setSpending(null)}
          onSaved={(message) => {
            setSpending(null);
            onNotice(message);
          }}
        />
      )}
    </>
  );
}
