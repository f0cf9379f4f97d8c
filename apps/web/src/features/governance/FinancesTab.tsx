import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { ClipboardCheck, Plus, Receipt, Undo2 } from 'lucide-react';
import { TRANSACTION_TYPES, createTransactionSchema, type FinancialTransaction } from '@tt/domain';
import { Badge, type Tone } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { Dialog } from '../../components/ui/Dialog';
import { Field, Input } from '../../components/ui/Field';
import { Textarea } from '../../components/ui/Textarea';
import { cn } from '../../components/ui/cn';
import { formatDate, formatMoney } from '../../lib/format';
import { toastSuccess } from '../../lib/toast';
import { useCreateTransaction, useReviewTransaction } from './api';
import { QueryState } from '../../components/ui/QueryState';
import {
  FormActions,
  FormField,
  SelectField,
  asNumber,
  useContractForm,
  useFormSubmit,
} from '../../components/form';

const statusTones: Record<FinancialTransaction['status'], Tone> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
};

export function FinancesTab({
  coopId,
  query,
  isCoordinator,
  isMember,
  userId,
}: {
  coopId: number;
  query: UseQueryResult<FinancialTransaction[]>;
  /** A coordinator of this cooperative or an admin: they review, never their own (DECISIONS 22). */
  isCoordinator: boolean;
  isMember: boolean;
  userId: number;
}) {
  const { t } = useTranslation('governance');
  const [creating, setCreating] = useState(false);
  const [reviewing, setReviewing] = useState<number | null>(null);
  const [reversing, setReversing] = useState<number | null>(null);
  const underReview = query.data?.find((tx) => tx.id === reviewing);
  const toReverse = query.data?.find((tx) => tx.id === reversing);
  // A reviewed transaction is never changed; it is corrected by one reversal (unless that was rejected).
  const reversalOf = new Map(
    (query.data ?? [])
      .filter((tx) => tx.reverses_id !== null && tx.status !== 'rejected')
      .map((tx) => [tx.reverses_id!, tx]),
  );
  const referenceOf = new Map((query.data ?? []).map((tx) => [tx.id, tx.reference_number]));
  return (
    <div className="space-y-4">
      {creating ? (
        <TransactionForm coopId={coopId} onDone={() => setCreating(false)} />
      ) : (
        <div className="flex justify-end">
          <Button onClick={() => setCreating(true)} data-testid="new-transaction">
            <Plus aria-hidden className="size-4" />
            {t('finances.new')}
          </Button>
        </div>
      )}
      <QueryState
        query={query}
        icon={Receipt}
        empty={{ title: t('finances.empty_title'), message: t('finances.empty_text') }}
      >
        {(transactions) => (
          <Card>
            <ul className="divide-y divide-stone-100" data-testid="transaction-list">
              {transactions.map((tx) => (
                <TransactionRow
                  key={tx.id}
                  tx={tx}
                  canReview={isCoordinator && tx.status === 'pending' && tx.user_id !== userId}
                  ownPending={isCoordinator && tx.status === 'pending' && tx.user_id === userId}
                  onReview={() => setReviewing(tx.id)}
                  canReverse={isMember && tx.status === 'approved' && !reversalOf.has(tx.id)}
                  onReverse={() => setReversing(tx.id)}
                  reversesReference={tx.reverses_id ? (referenceOf.get(tx.reverses_id) ?? null) : null}
                  reversedByReference={reversalOf.get(tx.id)?.reference_number ?? null}
                />
              ))}
            </ul>
          </Card>
        )}
      </QueryState>
      {underReview && <ReviewDialog coopId={coopId} tx={underReview} onClose={() => setReviewing(null)} />}
      {toReverse && <ReverseDialog coopId={coopId} tx={toReverse} onClose={() => setReversing(null)} />}
    </div>
  );
}

function TransactionRow({
  tx,
  canReview,
  ownPending,
  onReview,
  canReverse,
  onReverse,
  reversesReference,
  reversedByReference,
}: {
  tx: FinancialTransaction;
  canReview: boolean;
  /** The reviewer's own pending transaction: Review is not offered, and the row says why. */
  ownPending: boolean;
  onReview: () => void;
  canReverse: boolean;
  onReverse: () => void;
  reversesReference: string | null;
  reversedByReference: string | null;
}) {
  const { t, i18n } = useTranslation('governance');
  return (
    <li
      className="flex flex-wrap items-start gap-x-3 gap-y-2 px-4 py-3 sm:px-5"
      data-testid="transaction-row"
      data-status={tx.status}
    >
      <div className="min-w-0 flex-1 basis-full sm:basis-0">
        <p className="font-medium break-words text-stone-900">{tx.description}</p>
        <p className="mt-0.5 text-xs text-stone-500">
          {t(`transaction_types.${tx.transaction_type}`)} · {tx.member_name} ·{' '}
          {formatDate(tx.created_at, i18n.language)}
        </p>
        <p className="mt-0.5 font-mono text-xs break-all text-stone-500">{tx.reference_number}</p>
        {reversesReference && (
          <p className="mt-1 text-xs text-stone-600">
            {t('finances.reverses', { reference: reversesReference })}
          </p>
        )}
        {reversedByReference && (
          <p className="mt-1 text-xs text-stone-600">
            {t('finances.reversed_by', { reference: reversedByReference })}
          </p>
        )}
        {tx.reviewed_by_name && (
          <p className="mt-1 text-xs text-stone-600">
            {t('finances.reviewed_by', { name: tx.reviewed_by_name })}
            {tx.review_note ? `: ${tx.review_note}` : ''}
          </p>
        )}
      </div>
      <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto sm:shrink-0 sm:flex-col sm:items-end sm:gap-1">
        <span
          className={cn(
            'font-semibold whitespace-nowrap tabular-nums',
            tx.amount < 0 ? 'text-red-600' : 'text-green-700',
          )}
          data-testid="transaction-amount"
        >
          {tx.amount > 0 ? '+' : ''}
          {formatMoney(tx.amount)}
        </span>
        <Badge tone={statusTones[tx.status] ?? 'grey'}>{t(`transaction_status.${tx.status}`)}</Badge>
        {ownPending && <OwnTransactionNote />}
        {canReview && (
          <Button
            size="sm"
            variant="outline"
            onClick={onReview}
            className="ml-auto sm:ml-0"
            data-testid="review-transaction"
          >
            <ClipboardCheck aria-hidden className="size-4" />
            {t('finances.review')}
          </Button>
        )}
        {canReverse && (
          <Button
            size="sm"
            variant="outline"
            onClick={onReverse}
            className="ml-auto sm:ml-0"
            data-testid="reverse-transaction"
          >
            <Undo2 aria-hidden className="size-4" />
            {t('finances.reverse')}
          </Button>
        )}
      </div>
    </li>
  );
}

/** Record Transaction (spec 1 §4): the domain's schema checks it here and on the server. */
function TransactionForm({ coopId, onDone }: { coopId: number; onDone: () => void }) {
  const { t } = useTranslation('governance');
  const create = useCreateTransaction(coopId);
  const form = useContractForm(createTransactionSchema, {
    defaultValues: { transaction_type: 'share_payment', description: '' },
  });
  const submit = useFormSubmit(form, create.mutateAsync, {
    onSuccess: () => {
      onDone();
      toastSuccess(t('finances.saved'));
    },
    fields: TRANSACTION_FIELDS,
  });
  return (
    <Card>
      <CardHeader title={t('finances.form_title')} subtitle={t('finances.form_subtitle')} />
      <form onSubmit={submit} noValidate className="space-y-4 p-4 sm:p-5" data-testid="transaction-form">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <SelectField
            form={form}
            name="transaction_type"
            id="tx-type"
            label={t('finances.fields.type')}
            required
            options={TRANSACTION_TYPES.map((type) => ({
              value: type,
              label: t(`transaction_types.${type}`),
            }))}
          />
          <FormField
            form={form}
            name="amount"
            id="tx-amount"
            label={t('finances.fields.amount')}
            required
            type="number"
            inputProps={{ inputMode: 'decimal', min: 0.01, step: 0.01 }}
            registerOptions={asNumber}
          />
        </div>
        <FormField
          form={form}
          name="description"
          id="tx-description"
          label={t('finances.fields.description')}
          required
        >
          {(control) => <Textarea rows={2} {...control} />}
        </FormField>
        <FormActions
          submitLabel={t('finances.record')}
          busy={create.isPending}
          onCancel={onDone}
          testId="record-transaction"
        />
      </form>
    </Card>
  );
}

const TRANSACTION_FIELDS = {
  transaction_type: 'transaction_type',
  amount: 'amount',
  description: 'description',
} as const;

function ReviewDialog({
  coopId,
  tx,
  onClose,
}: {
  coopId: number;
  tx: FinancialTransaction;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('governance');
  const review = useReviewTransaction(coopId);
  const [note, setNote] = useState('');
  const decide = (decision: 'approved' | 'rejected') =>
    review.mutate({ id: tx.id, decision, note: note.trim() ? note.trim() : null }, { onSuccess: onClose });
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('finances.review_title')}
      description={t('finances.review_text')}
      closeLabel={t('close_dialog')}
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="danger"
            loading={review.isPending && review.variables?.decision === 'rejected'}
            disabled={review.isPending}
            onClick={() => decide('rejected')}
            data-testid="reject-transaction"
          >
            {t('finances.reject')}
          </Button>
          <Button
            loading={review.isPending && review.variables?.decision === 'approved'}
            disabled={review.isPending}
            onClick={() => decide('approved')}
            data-testid="approve-transaction"
          >
            {t('finances.approve')}
          </Button>
        </div>
      }
    >
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div className="col-span-2">
          <dt className="text-xs text-stone-500">{t('finances.fields.description')}</dt>
          <dd className="font-medium break-words">{tx.description}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500">{t('finances.fields.type')}</dt>
          <dd className="font-medium">{t(`transaction_types.${tx.transaction_type}`)}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500">{t('finances.fields.amount')}</dt>
          <dd className={cn('font-semibold tabular-nums', tx.amount < 0 ? 'text-red-600' : 'text-green-700')}>
            {formatMoney(tx.amount)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500">{t('finances.member')}</dt>
          <dd className="font-medium">{tx.member_name}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500">{t('finances.date')}</dt>
          <dd className="font-medium">{formatDate(tx.created_at, i18n.language)}</dd>
        </div>
      </dl>
      <div className="mt-4">
        <Field label={t('finances.note')} htmlFor="review-note" hint={t('finances.note_hint')}>
          <Textarea
            id="review-note"
            rows={2}
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </Field>
      </div>
    </Dialog>
  );
}

/** DECISIONS/issue 4: a reviewed transaction is corrected by a new one that undoes it (the server sets type and amount). */
function ReverseDialog({
  coopId,
  tx,
  onClose,
}: {
  coopId: number;
  tx: FinancialTransaction;
  onClose: () => void;
}) {
  const { t } = useTranslation('governance');
  const create = useCreateTransaction(coopId);
  const [description, setDescription] = useState(() =>
    t('finances.reversal_description', { reference: tx.reference_number }),
  );
  const submit = () =>
    create.mutate(
      {
        transaction_type: tx.transaction_type,
        amount: Math.abs(tx.amount),
        description: description.trim(),
        reverses_id: tx.id,
      },
      { onSuccess: onClose },
    );
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('finances.reverse_title')}
      description={t('finances.reverse_text')}
      closeLabel={t('close_dialog')}
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={create.isPending}>
            {t('finances.cancel')}
          </Button>
          <Button
            loading={create.isPending}
            disabled={description.trim() === ''}
            onClick={submit}
            data-testid="confirm-reverse"
          >
            {t('finances.confirm_reverse')}
          </Button>
        </div>
      }
    >
      <p className="mb-3 text-sm text-stone-700">
        {tx.reference_number} · {formatMoney(-tx.amount)}
      </p>
      <Field label={t('finances.fields.description')} htmlFor="reverse-description" required>
        <Input
          id="reverse-description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </Field>
    </Dialog>
  );
}

function OwnTransactionNote() {
  const { t } = useTranslation('duties');
  return (
    <p className="w-full text-xs text-stone-600 sm:max-w-48 sm:text-right" data-testid="own-transaction-note">
      {t('own_transaction')}
    </p>
  );
}
