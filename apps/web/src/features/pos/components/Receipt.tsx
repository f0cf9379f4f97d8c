import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { PosTransaction } from '@tt/domain';
import { formatDateTime, formatMoney } from '../../../lib/format';
import './receipt.css';

export type Paper = '58' | '80';

/**
 * The printed receipt: shop, VAT number, lines, totals with the VAT, method and change. Hidden on screen;
 * when printing it is the only thing on the page, laid out for 58 or 80 mm till paper (receipt.css).
 */
export function Receipt({ sale, paper }: { sale: PosTransaction; paper: Paper }) {
  const { t, i18n } = useTranslation('pos');
  return createPortal(
    <div className="pos-receipt" data-paper={paper} data-testid="pos-receipt">
      <p className="pos-receipt-center pos-receipt-strong">{sale.shop.name}</p>
      {sale.shop.vat_number && (
        <p className="pos-receipt-center">{t('receipt.vat_number', { number: sale.shop.vat_number })}</p>
      )}
      <p className="pos-receipt-center">
        {sale.shop.vat_registered ? t('receipt.tax_invoice') : t('receipt.title')}
      </p>
      <p>
        {t('receipt.number')}: {sale.transaction_number}
      </p>
      <p>{formatDateTime(sale.rung_up_at, i18n.language)}</p>
      {sale.customer_name && <p>{sale.customer_name}</p>}
      <hr />
      {sale.lines.map((line) => (
        <div key={line.product_id}>
          <p>{line.name}</p>
          <p className="pos-receipt-row">
            <span>
              {line.quantity} × {formatMoney(line.unit_price)}
            </span>
            <span>{formatMoney(line.total_price)}</span>
          </p>
        </div>
      ))}
      <hr />
      <p className="pos-receipt-row">
        <span>{t('totals.subtotal')}</span>
        <span>{formatMoney(sale.subtotal)}</span>
      </p>
      {sale.discount_amount > 0 && (
        <p className="pos-receipt-row">
          <span>{t('receipt.discount', { percent: sale.discount_percent })}</span>
          <span>-{formatMoney(sale.discount_amount)}</span>
        </p>
      )}
      <p className="pos-receipt-row pos-receipt-strong">
        <span>{t('totals.total')}</span>
        <span>{formatMoney(sale.total_amount)}</span>
      </p>
      <p className="pos-receipt-row">
        <span>{sale.shop.vat_registered ? t('receipt.vat_included') : t('totals.no_vat')}</span>
        <span>{sale.shop.vat_registered ? formatMoney(sale.tax_amount) : ''}</span>
      </p>
      <p className="pos-receipt-row">
        <span>{t(`methods.${sale.payment_method}`)}</span>
        <span>{formatMoney(sale.amount_tendered ?? sale.total_amount)}</span>
      </p>
      {sale.change_due !== null && (
        <p className="pos-receipt-row">
          <span>{t('receipt.change')}</span>
          <span>{formatMoney(sale.change_due)}</span>
        </p>
      )}
      <hr />
      <p className="pos-receipt-center">{t('receipt.thanks')}</p>
    </div>,
    document.body,
  );
}
