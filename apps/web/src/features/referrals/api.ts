import { useQuery } from '@tanstack/react-query';
import { referralContracts as c } from '@tt/domain';
import { call } from '../../lib/api';
import { queryRoots } from '../../lib/invalidation';

export const referralKeys = {
  all: [queryRoots.referrals] as const,
  list: () => [...referralKeys.all, 'list'] as const,
  stats: () => [...referralKeys.all, 'stats'] as const,
  rewards: () => [...referralKeys.all, 'rewards'] as const,
};

/** GET /api/referrals/my-referrals: who joined with the caller's code. */
export function useMyReferrals() {
  return useQuery({ queryKey: referralKeys.list(), queryFn: () => call(c.myReferrals) });
}

/** GET /api/referrals/stats: the tiles, the code and the rewards balance. */
export function useReferralStats() {
  return useQuery({ queryKey: referralKeys.stats(), queryFn: () => call(c.stats) });
}

/** GET /api/referrals/rewards: the balance and its latest lines. */
export function useRewards() {
  return useQuery({ queryKey: referralKeys.rewards(), queryFn: () => call(c.rewards) });
}
