import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Store, Tags } from 'lucide-react';
import {
  posSaleInputSchema,
  saleRequest,
  tillTotals,
  type PaymentMethod,
  type PosCatalogue,
  type PosProduct,
  type PosTransaction,
} from '@tt/domain';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { PageHeader } from '../../components/ui/PageHeader';
import { QueryState } from '../../components/ui/QueryState';
import { useTill, useTillCatalogue, type SaleOutcome } from './api';
import { addToCart, isPhoneValid, parseDiscount, priceCents, setQuantity, type CartLine } from './cart';
import { CartPanel, type CustomerFields } from './components/CartPanel';
import { CashUpPanel } from './components/CashUpPanel';
import { PaymentDialog } from './components/PaymentDialog';
import { PricesDialog } from './components/PricesDialog';
import { ProductGrid } from './components/ProductGrid';
import { RecentSales, WaitingSales } from './components/SalesPanels';
import { SuccessDialog } from './components/SuccessDialog';
import { nextReceiptNumber } from './offline';

const EMPTY_FIELDS: CustomerFields = { name: '', phone: '', discount: '0' };

/** The receipt the device prints for a sale it keeps until the network returns. */
function localReceipt(
  catalogue: PosCatalogue,
  cart: readonly CartLine[],
  request: ReturnType<typeof saleRequest>,
  number: string,
  tenderedCents: number | null,
): PosTransaction {
  const total = request.total_amount;
  const tendered = tenderedCents === null ? null : tenderedCents / 100;
  return {
    id: 0,
    client_sale_id: request.client_sale_id,
    transaction_number: number,
    subtotal: request.subtotal,
    discount_percent: request.discount_percent ?? 0,
    discount_amount: request.discount_amount,
    tax_amount: request.tax_amount,
    total_amount: total,
    payment_method: request.payment_method,
    amount_tendered: tendered,
    change_due: tendered === null ? null : Math.round((tendered - total) * 100) / 100,
    customer_name: request.customer_name ?? null,
    customer_phone: request.customer_phone ?? null,
    offline: true,
    stock_short: false,
    rung_up_at: request.rung_up_at ?? new Date().toISOString(),
    created_at: new Date().toISOString(),
    refunded_at: null,
    refund_reason: null,
    lines: cart.map((l) => ({
      product_id: l.product.id,
      name: l.product.name,
      sku: l.product.sku,
      quantity: l.quantity,
      unit_price: l.product.price,
      total_price: (priceCents(l.product) * l.quantity) / 100,
    })),
    shop: catalogue.shop,
  };
}

function Till({ catalogue }: { catalogue: PosCatalogue }) {
  const { t } = useTranslation('pos');
  const { queue, sell, retry } = useTill();
  const [search, setSearch] = useState('');
  const [cart, setCart] = useState<CartLine[]>([]);
  const [fields, setFields] = useState<CustomerFields>(EMPTY_FIELDS);
  const [paying, setPaying] = useState(false);
  const [done, setDone] = useState<SaleOutcome | null>(null);
  // A link may open the prices at an item (AI insights' Take Action: ?prices=<name>).
  const [params] = useSearchParams();
  const [prices, setPrices] = useState(() => params.has('prices'));
  const registered = catalogue.shop.vat_registered;

  // The cart follows the till's current prices and names (a price changed in the prices dialog).
  const byId = useMemo(() => new Map(catalogue.products.map((p) => [p.id, p])), [catalogue.products]);
  const lines = cart.map((l) => ({ ...l, product: byId.get(l.product.id) ?? l.product }));
  const pending = useMemo(() => {
    const map = new Map<number, number>();
    for (const sale of queue) {
      for (const item of sale.request.items) {
        const id = Number(item.product_id);
        map.set(id, (map.get(id) ?? 0) + item.quantity);
      }
    }
    return map;
  }, [queue]);

  const discount = parseDiscount(fields.discount);
  const errors = {
    discount: discount === null ? t('discount_invalid') : undefined,
    phone: fields.phone.trim() && !isPhoneValid(fields.phone) ? t('customer.phone_invalid') : undefined,
  };
  const totals =
    discount === null
      ? null
      : tillTotals(
          lines.map((l) => ({ unit_price_cents: priceCents(l.product), quantity: l.quantity })),
          discount,
          registered,
        );

  const add = (product: PosProduct) => setCart((c) => addToCart(c, product));
  const clear = () => {
    setCart([]);
    setFields(EMPTY_FIELDS);
  };

  const confirm = async (method: PaymentMethod, tenderedCents: number | null) => {
    if (discount === null || errors.phone) return;
    const number = await nextReceiptNumber();
    const request = saleRequest({
      clientSaleId: crypto.randomUUID(),
      receiptNumber: number,
      lines: lines.map((l) => ({
        product_id: l.product.id,
        quantity: l.quantity,
        unit_price_cents: priceCents(l.product),
      })),
      discountPercent: discount,
      vatRegistered: registered,
      paymentMethod: method,
      amountTenderedCents: tenderedCents,
      customerName: fields.name.trim() || null,
      customerPhone: fields.phone.trim() || null,
      rungUpAt: new Date().toISOString(),
    });
    // The same rules as the server: a sale kept on the device must be one the server will take.
    if (!posSaleInputSchema.safeParse(request).success) return;
    sell.mutate(
      { request, receipt: localReceipt(catalogue, lines, request, number, tenderedCents) },
      {
        onSuccess: (outcome) => {
          setPaying(false);
          setDone(outcome);
          clear();
        },
      },
    );
  };

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <Badge tone={registered ? 'green' : 'grey'} className="whitespace-normal">
          {registered
            ? t('vat.registered', { number: catalogue.shop.vat_number ?? '' })
            : t('vat.not_registered')}
        </Badge>
        <Button
          variant="outline"
          size="sm"
          className="ml-auto"
          data-testid="open-prices"
          onClick={() => setPrices(true)}
        >
          <Tags aria-hidden className="size-4" />
          {t('prices.open')}
        </Button>
      </div>
      <div className="space-y-4">
        <WaitingSales queue={queue} onRetry={() => void retry()} />
        <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <ProductGrid
            products={catalogue.products}
            search={search}
            onSearch={setSearch}
            pending={pending}
            onAdd={add}
          />
          <div className="lg:sticky lg:top-4">
            <CartPanel
              cart={lines}
              onQuantity={(id, q) => setCart((c) => setQuantity(c, id, q))}
              fields={fields}
              onFields={setFields}
              errors={errors}
              totals={totals}
              vatRegistered={registered}
              onPay={() => setPaying(true)}
              onClear={clear}
            />
          </div>
        </div>
        <div className="grid items-start gap-4 lg:grid-cols-2">
          <RecentSales />
          <CashUpPanel waiting={queue.length} />
        </div>
      </div>
      {paying && totals && (
        <PaymentDialog
          open
          totalCents={totals.total}
          processing={sell.isPending}
          onCancel={() => setPaying(false)}
          onConfirm={(method, tendered) => void confirm(method, tendered)}
        />
      )}
      {done && (
        <SuccessDialog
          sale={done.transaction}
          queued={done.kind === 'queued'}
          onClose={() => setDone(null)}
        />
      )}
      {prices && (
        <PricesDialog
          catalogue={catalogue}
          initialSearch={params.get('prices') ?? ''}
          onClose={() => setPrices(false)}
        />
      )}
    </>
  );
}

/** The point of sale (spec 3 /pos): sells the shop's own stock, also without a network. */
export default function PosPage() {
  const { t } = useTranslation('pos');
  const catalogue = useTillCatalogue();
  return (
    <div>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <QueryState query={catalogue} icon={Store} loading={t('loading')}>
        {(data) => <Till catalogue={data} />}
      </QueryState>
    </div>
  );
}
