import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ArrowLeftRight,
  BarChart3,
  ClipboardCheck,
  FileText,
  Lightbulb,
  PiggyBank,
  Plus,
  Store,
  Target,
  TrendingUp,
  Users,
  Wallet as WalletIcon,
} from 'lucide-react';
import { can, CROWD_MODES, type CrowdMode } from '@tt/domain';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { PageHeader } from '../../components/ui/PageHeader';
import { TabPanel, Tabs, useTabParam } from '../../components/ui/Tabs';
import { formatMoney } from '../../lib/format';
import { useMe } from '../auth/api';
import { useWallet } from './api';
import { CreateCampaignDialog } from './components/CreateCampaignDialog';
import {
  DashboardTab,
  DocumentsTab,
  InvestorRelationsTab,
  MyCampaignsTab,
} from './components/EntrepreneurTabs';
import { MarketplaceTab, PortfolioTab, ReturnsTab, WalletTab } from './components/InvestorTabs';
import { ReviewsTab } from './components/ReviewsTab';

const ENTREPRENEUR_TABS = ['dashboard', 'campaigns', 'relations', 'documents', 'reviews'] as const;
const INVESTOR_TABS = ['marketplace', 'portfolio', 'wallet', 'returns', 'reviews'] as const;
type Tab = (typeof ENTREPRENEUR_TABS)[number] | (typeof INVESTOR_TABS)[number];

const MODE_KEY = 'tt.betacrowd.mode';
function storedMode(userId: number | undefined): CrowdMode | null {
  try {
    const value = localStorage.getItem(`${MODE_KEY}.${userId ?? 0}`);
    return (CROWD_MODES as readonly string[]).includes(value ?? '') ? (value as CrowdMode) : null;
  } catch {
    return null;
  }
}

/**
 * Crowdfunding (spec 3 /betacrowd; DECISIONS 17; ADR 052): the choice of entrepreneur or investor, remembered on
 * this device for this user and switchable from the header (the spec's screen had no way back), then that side's
 * tabs; reviewers also see the campaigns waiting for review.
 */
export default function BetacrowdPage() {
  const { t } = useTranslation('betacrowd');
  const me = useMe();
  const user = me.data ?? null;
  const [mode, setModeState] = useState<CrowdMode | null>(() => storedMode(user?.id));
  const setMode = (next: CrowdMode) => {
    try {
      localStorage.setItem(`${MODE_KEY}.${user?.id ?? 0}`, next);
    } catch {
      // A private window keeps no storage: the choice holds for this visit.
    }
    setModeState(next);
  };
  const reviewer = can(user?.role, 'crowdfunding.review');
  const all = mode === 'investor' ? INVESTOR_TABS : ENTREPRENEUR_TABS;
  const tabs: readonly Tab[] = reviewer ? all : all.filter((tab) => tab !== 'reviews');
  const [tab, setTab] = useTabParam<Tab>(tabs);
  const [creating, setCreating] = useState(false);
  const wallet = useWallet();

  if (!mode) {
    return (
      <>
        <PageHeader title={t('title')} subtitle={t('subtitle')} />
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2" data-testid="mode-choice">
          {CROWD_MODES.map((m) => {
            const Icon = m === 'entrepreneur' ? Lightbulb : TrendingUp;
            return (
              <Card key={m} className="flex flex-col gap-3 p-5">
                <span className="grid size-11 place-items-center rounded-full bg-brand-100 text-brand-800">
                  <Icon aria-hidden className="size-6" />
                </span>
                <h2 className="text-lg font-semibold text-stone-900">{t(`choice.${m}_title`)}</h2>
                <p className="text-sm text-stone-700">{t(`choice.${m}_text`)}</p>
                <Button className="mt-auto" onClick={() => setMode(m)} data-testid={`choose-${m}`}>
                  {t(`choice.${m}_button`)}
                </Button>
              </Card>
            );
          })}
        </div>
        <p className="mt-4 text-sm text-stone-600">{t('not_licensed')}</p>
      </>
    );
  }

  const other: CrowdMode = mode === 'investor' ? 'entrepreneur' : 'investor';
  const userId = user?.id ?? 0;
  return (
    <>
      <PageHeader
        title={t(`${mode}_title`)}
        subtitle={
          mode === 'investor' && wallet.data
            ? t('wallet_header', { amount: formatMoney(wallet.data.available_balance) })
            : t(`${mode}_subtitle`)
        }
        action={
          <div className="flex flex-wrap gap-2">
            {mode === 'entrepreneur' && (
              <Button onClick={() => setCreating(true)} data-testid="create-campaign">
                <Plus aria-hidden className="size-4" />
                {t('create.open')}
              </Button>
            )}
            <Button variant="outline" onClick={() => setMode(other)} data-testid="switch-mode">
              <ArrowLeftRight aria-hidden className="size-4" />
              {t(`switch_to_${other}`)}
            </Button>
          </div>
        }
      />
      <Tabs
        label={t('tabs.label')}
        value={tab}
        onValueChange={setTab}
        items={
          mode === 'investor'
            ? [
                { value: 'marketplace' as Tab, label: t('tabs.marketplace'), icon: Store },
                { value: 'portfolio' as Tab, label: t('tabs.portfolio'), icon: PiggyBank },
                { value: 'wallet' as Tab, label: t('tabs.wallet'), icon: WalletIcon },
                { value: 'returns' as Tab, label: t('tabs.returns'), icon: TrendingUp },
                ...(reviewer
                  ? [{ value: 'reviews' as Tab, label: t('tabs.reviews'), icon: ClipboardCheck }]
                  : []),
              ]
            : [
                { value: 'dashboard' as Tab, label: t('tabs.dashboard'), icon: BarChart3 },
                { value: 'campaigns' as Tab, label: t('tabs.campaigns'), icon: Target },
                { value: 'relations' as Tab, label: t('tabs.relations'), icon: Users },
                { value: 'documents' as Tab, label: t('tabs.documents'), icon: FileText },
                ...(reviewer
                  ? [{ value: 'reviews' as Tab, label: t('tabs.reviews'), icon: ClipboardCheck }]
                  : []),
              ]
        }
      >
        {mode === 'investor' ? (
          <>
            <TabPanel value="marketplace">
              <MarketplaceTab userId={userId} />
            </TabPanel>
            <TabPanel value="portfolio">
              <PortfolioTab />
            </TabPanel>
            <TabPanel value="wallet">
              <WalletTab />
            </TabPanel>
            <TabPanel value="returns">
              <ReturnsTab />
            </TabPanel>
          </>
        ) : (
          <>
            <TabPanel value="dashboard">
              <DashboardTab />
            </TabPanel>
            <TabPanel value="campaigns">
              <MyCampaignsTab onCreate={() => setCreating(true)} />
            </TabPanel>
            <TabPanel value="relations">
              <InvestorRelationsTab />
            </TabPanel>
            <TabPanel value="documents">
              <DocumentsTab />
            </TabPanel>
          </>
        )}
        {reviewer && (
          <TabPanel value="reviews">
            <ReviewsTab userId={userId} />
          </TabPanel>
        )}
      </Tabs>
      <p className="mt-6 text-xs text-stone-600">{t('not_licensed')}</p>
      {creating && (
        <CreateCampaignDialog
          onClose={() => setCreating(false)}
          onCreated={() => {
            setCreating(false);
            setTab('campaigns');
          }}
        />
      )}
    </>
  );
}
