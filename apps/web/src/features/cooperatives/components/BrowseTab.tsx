import { useTranslation } from 'react-i18next';
import { Building2 } from 'lucide-react';
import type { Membership } from '@tt/domain';
import { QueryState } from '../../../components/ui/QueryState';
import { toastSuccess } from '../../../lib/toast';
import { useCooperatives, useJoinCooperative } from '../api';
import { CooperativeCard } from './CooperativeCard';

export function BrowseTab({ memberships }: { memberships: Membership[] | undefined }) {
  const { t } = useTranslation('cooperatives');
  const cooperatives = useCooperatives();
  const join = useJoinCooperative();

  const memberOf = new Set(memberships?.map((m) => m.coop_id));
  return (
    <QueryState
      query={cooperatives}
      icon={Building2}
      empty={{ title: t('browse.empty_title'), message: t('browse.empty_text') }}
    >
      {(list) => (
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3" data-testid="coop-list">
          {list.map((coop) => (
            <li key={coop.id} className="min-w-0">
              <CooperativeCard
                coop={coop}
                member={memberOf.has(coop.id)}
                membershipsKnown={memberships !== undefined}
                joining={join.isPending && join.variables === coop.id}
                onJoin={(done) =>
                  join.mutate(coop.id, {
                    onSuccess: ({ cooperative }) => {
                      done();
                      toastSuccess(t('join_confirm.done', { name: cooperative.name }));
                    },
                  })
                }
              />
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
