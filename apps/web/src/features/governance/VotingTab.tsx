import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { BarChart3, CheckCircle2, Plus, Vote as VoteIcon } from 'lucide-react';
import {
  BALLOT_CHOICES,
  VOTE_TYPES,
  ballotOpen,
  createVoteSchema,
  voteOutcome,
  type BallotChoice,
  type Vote,
  type VoteStatus,
} from '@tt/domain';
import { Badge, type Tone } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { Dialog } from '../../components/ui/Dialog';
import { Loading } from '../../components/ui/Loading';
import { ProgressBar, type ProgressTone } from '../../components/ui/ProgressBar';
import { Textarea } from '../../components/ui/Textarea';
import { formatDateTime } from '../../lib/format';
import { toastSuccess } from '../../lib/toast';
import { useCastBallot, useCloseVote, useCreateVote, useVoteResults } from './api';
import { localInputToIso } from './dates';
import { QueryState } from '../../components/ui/QueryState';
import { FormActions, FormField, SelectField, useContractForm, useFormSubmit } from '../../components/form';

const voteTones: Record<VoteStatus, Tone> = {
  scheduled: 'grey',
  active: 'green',
  completed: 'blue',
  cancelled: 'red',
};
const choiceTones: Record<BallotChoice, ProgressTone> = { for: 'green', against: 'red', abstain: 'blue' };

export function VotingTab({
  coopId,
  query,
  userId,
  isCoordinator,
}: {
  coopId: number;
  query: UseQueryResult<Vote[]>;
  userId: number;
  isCoordinator: boolean;
}) {
  const { t } = useTranslation('governance');
  const [creating, setCreating] = useState(false);
  const [resultsOf, setResultsOf] = useState<number | null>(null);
  return (
    <div className="space-y-4">
      {creating ? (
        <CreateVoteForm coopId={coopId} onDone={() => setCreating(false)} />
      ) : (
        <div className="flex justify-end">
          <Button onClick={() => setCreating(true)} data-testid="new-vote">
            <Plus aria-hidden className="size-4" />
            {t('voting.new')}
          </Button>
        </div>
      )}
      <QueryState
        query={query}
        icon={VoteIcon}
        empty={{ title: t('voting.empty_title'), message: t('voting.empty_text') }}
      >
        {(votes) => (
          <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2" data-testid="vote-list">
            {votes.map((vote) => (
              <li key={vote.id} className="min-w-0">
                <VoteCard
                  coopId={coopId}
                  vote={vote}
                  canClose={vote.status === 'active' && (vote.created_by === userId || isCoordinator)}
                  onResults={() => setResultsOf(vote.id)}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {resultsOf !== null && (
        <ResultsDialog
          coopId={coopId}
          voteId={resultsOf}
          initial={query.data?.find((v) => v.id === resultsOf)}
          onClose={() => setResultsOf(null)}
        />
      )}
    </div>
  );
}

const VOTE_FIELDS = {
  title: 'title',
  description: 'description',
  vote_type: 'vote_type',
  start_date: 'start_date',
  end_date: 'end_date',
} as const;

/** Create Vote (spec 1 §8): the times are Johannesburg wall-clock times; the end comes after the start. */
function CreateVoteForm({ coopId, onDone }: { coopId: number; onDone: () => void }) {
  const { t } = useTranslation('governance');
  const create = useCreateVote(coopId);
  const form = useContractForm(createVoteSchema, {
    defaultValues: {
      title: '',
      description: '',
      vote_type: 'general_resolution',
      start_date: null,
      end_date: null,
    },
  });
  // Spec 1 §8: the form is reset only on success; on failure the toast explains and the text stays.
  const submit = useFormSubmit(
    form,
    (input) => create.mutateAsync({ ...input, description: input.description ? input.description : null }),
    {
      onSuccess: () => {
        onDone();
        toastSuccess(t('voting.saved'));
      },
      fields: VOTE_FIELDS,
    },
  );
  const asIso = { setValueAs: localInputToIso };
  return (
    <Card>
      <CardHeader title={t('voting.form_title')} subtitle={t('voting.form_subtitle')} />
      <form onSubmit={submit} noValidate className="space-y-4 p-4 sm:p-5" data-testid="vote-form">
        <FormField form={form} name="title" id="vote-title" label={t('voting.fields.title')} required />
        <FormField
          form={form}
          name="description"
          id="vote-description"
          label={t('voting.fields.description')}
        >
          {(control) => <Textarea {...control} />}
        </FormField>
        <SelectField
          form={form}
          name="vote_type"
          id="vote-type"
          label={t('voting.fields.type')}
          options={VOTE_TYPES.map((type) => ({ value: type, label: t(`vote_types.${type}`) }))}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField
            form={form}
            name="start_date"
            id="vote-start"
            label={t('voting.fields.start')}
            hint={t('time_zone_hint')}
            type="datetime-local"
            registerOptions={asIso}
          />
          <FormField
            form={form}
            name="end_date"
            id="vote-end"
            label={t('voting.fields.end')}
            hint={t('time_zone_hint')}
            type="datetime-local"
            registerOptions={asIso}
          />
        </div>
        <FormActions
          submitLabel={t('voting.create')}
          busy={create.isPending}
          onCancel={onDone}
          testId="create-vote"
        />
      </form>
    </Card>
  );
}

function VoteCard({
  coopId,
  vote,
  canClose,
  onResults,
}: {
  coopId: number;
  vote: Vote;
  canClose: boolean;
  onResults: () => void;
}) {
  const { t, i18n } = useTranslation('governance');
  const [choosing, setChoosing] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);
  const ballot = useCastBallot(coopId);
  const close = useCloseVote(coopId);
  const open = ballotOpen(vote);
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : null);
  const start = when(vote.start_date);
  const end = when(vote.end_date);
  // Active but its start is still ahead (issue 10 point 6): it says when it opens instead of "Active".
  const opensLater =
    (vote.status === 'active' || vote.status === 'scheduled') &&
    vote.start_date !== null &&
    new Date(vote.start_date) > new Date();
  const shownStatus = opensLater ? 'scheduled' : vote.status;

  return (
    <Card
      className="flex h-full flex-col p-4"
      data-testid="vote-card"
      data-vote-id={vote.id}
      data-status={vote.status}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 flex-1 font-semibold break-words text-stone-900" data-testid="vote-title">
          {vote.title}
        </h3>
        <Badge tone={voteTones[shownStatus] ?? 'grey'}>{t(`vote_status.${shownStatus}`)}</Badge>
      </div>
      <p className="mt-1 text-xs text-stone-500">
        {t(`vote_types.${vote.vote_type}`)} · {t('created_by', { name: vote.created_by_name })}
      </p>
      {vote.description && <p className="mt-2 text-sm break-words text-stone-600">{vote.description}</p>}
      {(start || end) && (
        <p className="mt-2 text-xs text-stone-500">
          {start && end
            ? t('voting.period', { start, end })
            : start
              ? t('voting.starts', { date: start })
              : t('voting.ends', { date: end })}
        </p>
      )}
      {opensLater && start && (
        <p className="mt-2 text-sm font-medium text-stone-800" data-testid="vote-opens">
          {t('voting.starts', { date: start })}
        </p>
      )}
      {vote.status === 'completed' && vote.outcome && (
        <p className="mt-2">
          <Badge tone={vote.outcome === 'carried' ? 'green' : 'red'}>{t(`outcome.${vote.outcome}`)}</Badge>
        </p>
      )}

      <div className="mt-auto space-y-2 pt-4">
        {vote.my_ballot ? (
          <p className="flex items-center gap-1.5 text-sm font-medium text-green-700" data-testid="my-ballot">
            <CheckCircle2 aria-hidden className="size-4" />
            {t('voting.you_voted', { choice: t(`choices.${vote.my_ballot}`) })}
          </p>
        ) : (
          open &&
          choosing && (
            <div role="group" aria-label={t('voting.choose')} className="grid grid-cols-3 gap-2">
              {BALLOT_CHOICES.map((choice) => (
                <Button
                  key={choice}
                  size="sm"
                  variant={choice === 'for' ? 'primary' : choice === 'against' ? 'danger' : 'outline'}
                  loading={ballot.isPending && ballot.variables?.choice === choice}
                  disabled={ballot.isPending}
                  onClick={() =>
                    ballot.mutate({ voteId: vote.id, choice }, { onSuccess: () => setChoosing(false) })
                  }
                  data-testid={`ballot-${choice}`}
                >
                  {t(`choices.${choice}`)}
                </Button>
              ))}
            </div>
          )
        )}
        <div className="flex flex-wrap gap-2">
          {open && !vote.my_ballot && !choosing && (
            <Button size="sm" onClick={() => setChoosing(true)} data-testid="vote-now">
              <VoteIcon aria-hidden className="size-4" />
              {t('voting.vote_now')}
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={onResults} data-testid="view-results">
            <BarChart3 aria-hidden className="size-4" />
            {t('voting.view_results')}
          </Button>
          {canClose &&
            (confirmClose ? (
              <>
                <Button
                  size="sm"
                  variant="danger"
                  loading={close.isPending}
                  onClick={() => close.mutate(vote.id, { onSettled: () => setConfirmClose(false) })}
                  data-testid="confirm-close-vote"
                >
                  {t('voting.confirm_close')}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setConfirmClose(false)}
                  disabled={close.isPending}
                >
                  {t('voting.keep_open')}
                </Button>
              </>
            ) : (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setConfirmClose(true)}
                data-testid="close-vote"
              >
                {t('voting.close')}
              </Button>
            ))}
        </div>
      </div>
    </Card>
  );
}

function ResultsDialog({
  coopId,
  voteId,
  initial,
  onClose,
}: {
  coopId: number;
  voteId: number;
  initial: Vote | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('governance');
  const results = useVoteResults(coopId, voteId);
  const vote = results.data?.vote ?? initial;
  const tally = results.data?.tally;
  const share = (count: number) => (tally && tally.cast > 0 ? Math.round((count / tally.cast) * 100) : 0);
  const outcome = vote?.status === 'completed' && tally ? (vote.outcome ?? voteOutcome(tally)) : null;
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={vote ? t('results.title', { title: vote.title }) : t('results.loading')}
      closeLabel={t('close_dialog')}
    >
      {!tally ? (
        results.isError ? (
          <p className="py-6 text-center text-sm text-stone-600">{t('common:errors.screen_title')}</p>
        ) : (
          <Loading label={t('common:common.loading')} />
        )
      ) : (
        <div data-testid="vote-results">
          <ul className="space-y-3">
            {BALLOT_CHOICES.map((choice) => (
              <li key={choice} data-testid={`tally-${choice}`}>
                <div className="mb-1 flex justify-between text-sm">
                  <span className="font-medium">{t(`choices.${choice}`)}</span>
                  <span className="text-stone-600 tabular-nums">
                    {t('results.count', { count: tally[choice], percent: share(tally[choice]) })}
                  </span>
                </div>
                <ProgressBar
                  percent={share(tally[choice])}
                  tone={choiceTones[choice]}
                  label={t(`choices.${choice}`)}
                />
              </li>
            ))}
          </ul>
          <div className="mt-5 rounded-lg bg-stone-50 p-3">
            <div className="mb-1 flex justify-between text-sm">
              <span className="font-medium">{t('results.turnout')}</span>
              <span className="text-stone-600 tabular-nums" data-testid="turnout">
                {t('results.turnout_value', {
                  cast: tally.cast,
                  eligible: tally.eligible,
                  percent: tally.turnout_percent,
                })}
              </span>
            </div>
            <ProgressBar percent={tally.turnout_percent} tone="brand" label={t('results.turnout')} />
          </div>
          <p className="mt-4 text-sm" data-testid="vote-outcome">
            {outcome ? (
              <Badge tone={outcome === 'carried' ? 'green' : 'red'}>{t(`outcome.${outcome}`)}</Badge>
            ) : (
              <span className="text-stone-600">{t('results.still_open')}</span>
            )}
          </p>
        </div>
      )}
    </Dialog>
  );
}
