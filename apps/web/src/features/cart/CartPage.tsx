import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ShoppingCart } from 'lucide-react';
import { Button, buttonClass } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { Loading } from '../../components/ui/Loading';
import { PageHeader } from '../../components/ui/PageHeader';
import { paths } from '../../lib/paths';
import { useMe } from '../auth/api';
import { useCart } from './api';
import { CartView } from './components/CartView';
import { CheckoutConfirmation } from './components/CheckoutConfirmation';
import { CheckoutReview } from './components/CheckoutReview';
import { useCheckoutFlow } from './useCheckoutFlow';

const EMPTY: never[] = [];

/** The cart, then the review of the orders it makes, then their confirmation (issue 10). */
export default function CartPage() {
  const { t } = useTranslation('cart');
  const cart = useCart();
  const { data: me } = useMe();
  const [params, setParams] = useSearchParams();
  const lines = cart.data ?? EMPTY;
  const reviewing = params.get('step') === 'review';
  const flow = useCheckoutFlow(
    lines,
    [me?.address, me?.city, me?.state].filter(Boolean).join(', '),
    reviewing,
  );
  // The review is its own history entry, so the phone's Back returns to the cart.
  const showStep = (review: boolean) => setParams(review ? { step: 'review' } : {});
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [reviewing, flow.placed]);

  if (flow.placed) return <CheckoutConfirmation orders={flow.placed} />;
  if (cart.isPending) return <Loading label={t('common:common.loading')} />;
  if (cart.isError && !cart.data) {
    return (
      <Card>
        <EmptyState
          icon={ShoppingCart}
          title={t('common:errors.screen_title')}
          action={
            <Button variant="outline" onClick={() => void cart.refetch()}>
              {t('common:common.reload')}
            </Button>
          }
        />
      </Card>
    );
  }
  if (lines.length === 0) {
    return (
      <>
        <PageHeader title={t('title')} />
        <Card data-testid="cart-empty">
          <EmptyState
            icon={ShoppingCart}
            title={t('empty.title')}
            message={t('empty.text')}
            action={
              <Link to={paths.products} className={buttonClass('primary')}>
                {t('browse_products')}
              </Link>
            }
          />
        </Card>
      </>
    );
  }
  return reviewing ? (
    <CheckoutReview lines={lines} flow={flow} onBack={() => showStep(false)} />
  ) : (
    <CartView lines={lines} flow={flow} onReview={() => showStep(true)} />
  );
}
