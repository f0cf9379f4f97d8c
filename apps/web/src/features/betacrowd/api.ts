import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { betacrowdContracts as c, type BodyIn, type QueryIn, type ResponseOf } from '@tt/domain';
import { call } from '../../lib/api';
import { queryRoots } from '../../lib/invalidation';

export type MarketplaceFilters = NonNullable<QueryIn<typeof c.marketplace>>;
export type InvestorRelation = ResponseOf<typeof c.investorRelations>[number];

export const betacrowdKeys = {
  all: [queryRoots.betacrowd] as const,
  wallet: () => [...betacrowdKeys.all, 'wallet'] as const,
  marketplace: (filters: MarketplaceFilters) => [...betacrowdKeys.all, 'marketplace', filters] as const,
  mine: () => [...betacrowdKeys.all, 'mine'] as const,
  portfolio: () => [...betacrowdKeys.all, 'portfolio'] as const,
  relations: () => [...betacrowdKeys.all, 'investor-relations'] as const,
  reviews: () => [...betacrowdKeys.all, 'reviews'] as const,
};

export const useWallet = () => useQuery({ queryKey: betacrowdKeys.wallet(), queryFn: () => call(c.wallet) });

export const useMarketplace = (filters: MarketplaceFilters) =>
  useQuery({
    queryKey: betacrowdKeys.marketplace(filters),
    queryFn: () => call(c.marketplace, { query: filters }),
  });

export const useMyCampaigns = () => useQuery({ queryKey: betacrowdKeys.mine(), queryFn: () => call(c.mine) });

export const usePortfolio = () =>
  useQuery({ queryKey: betacrowdKeys.portfolio(), queryFn: () => call(c.portfolio) });

export const useInvestorRelations = () =>
  useQuery({ queryKey: betacrowdKeys.relations(), queryFn: () => call(c.investorRelations) });

export const useReviews = (enabled: boolean) =>
  useQuery({ queryKey: betacrowdKeys.reviews(), queryFn: () => call(c.reviews), enabled });

/** Money moved: every figure of the area may have changed (wallet, raised amounts, portfolio, relations). */
function useRefreshAll() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: betacrowdKeys.all });
}

export function useDeposit() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (input: BodyIn<typeof c.deposit>) => call(c.deposit, { body: input }),
    onSuccess: refresh,
  });
}

export function useInvest() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: ({ id, amount, key }: { id: number; amount: number; key: string }) =>
      call(c.invest, { params: { id }, body: { amount }, headers: { 'Idempotency-Key': key } }),
    onSuccess: refresh,
  });
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BodyIn<typeof c.create>) => call(c.create, { body: input }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: betacrowdKeys.mine() });
      void queryClient.invalidateQueries({ queryKey: betacrowdKeys.reviews() });
    },
  });
}

export function useRecordRepayment() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & BodyIn<typeof c.repay>) =>
      call(c.repay, { params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useCancelCampaign() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (id: number) => call(c.cancel, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useReviewCampaign() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & BodyIn<typeof c.review>) =>
      call(c.review, { params: { id }, body }),
    onSuccess: refresh,
  });
}
