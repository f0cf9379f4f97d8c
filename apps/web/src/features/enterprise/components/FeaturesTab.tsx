import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { can } from '@tt/domain';
import { Badge } from '../../../components/ui/Badge';
import { buttonClass } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { useMe } from '../../auth/api';
import { ENTERPRISE_FEATURES, type EnterpriseFeature } from '../catalogue';

/**
 * Spec 2: Configure only on a feature whose status is available. It opens that feature's screen, and only for a
 * viewer allowed in there (a coordinator keeps no products to upload); planned features say that they are planned.
 */
export function FeaturesTab({
  features = ENTERPRISE_FEATURES,
}: {
  /** The catalogue drawn (the product's own; a test passes one with a planned feature, now that none is). */
  features?: readonly EnterpriseFeature[];
}) {
  const { t } = useTranslation('enterprise');
  const { data: user } = useMe();
  // Inside RequireUser the user is known; what each Configure does depends on the role, so nothing shows before.
  if (!user) return null;
  return (
    <ul className="grid gap-3 md:grid-cols-2" data-testid="enterprise-features">
      {features.map(({ id, icon: Icon, status, configure }) => {
        const allowed = configure && (!configure.permission || can(user.role, configure.permission));
        return (
          <li key={id} data-testid={`feature-${id}`} data-status={status}>
            <Card className="flex h-full flex-col p-4">
              <div className="flex items-start gap-3">
                <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-semibold text-stone-900">{t(`features.${id}.title`)}</h3>
                    <Badge tone={status === 'available' ? 'green' : 'grey'}>
                      {t(`features.status.${status}`)}
                    </Badge>
                  </div>
                  <p className="mt-1 text-sm text-stone-600">{t(`features.${id}.text`)}</p>
                  {status === 'available' && configure && !allowed && (
                    <p className="mt-2 text-xs text-stone-600">{t('features.not_your_role')}</p>
                  )}
                  {status === 'available' && !configure && (
                    <p className="mt-2 text-xs text-stone-600">{t(`features.${id}.how`)}</p>
                  )}
                </div>
              </div>
              {status === 'available' && configure && allowed && (
                <Link
                  to={configure.path}
                  className={buttonClass('outline', 'sm', 'mt-3 self-start')}
                  data-testid="configure"
                >
                  {t('features.configure')}
                </Link>
              )}
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
