import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GraduationCap, PlayCircle, Search } from 'lucide-react';
import { DIFFICULTY_LEVELS, matchesLearningFilter, type LearningModule } from '@tt/domain';
import { buttonClass } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { Field, Input, Select } from '../../components/ui/Field';
import { PageHeader } from '../../components/ui/PageHeader';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { QueryState } from '../../components/ui/QueryState';
import { useModules } from './api';
import { courseLink, ModuleCard } from './components/ModuleCard';
import { useQueryParams } from '../../lib/query-params';

/** Spec 1 /academy: active courses, search on title and description, category and level filters. */
export default function AcademyPage() {
  const { t } = useTranslation('academy');
  const modules = useModules();
  // The filters live in the address, so a filtered list can be shared and survives going back.
  const [params, setParams] = useQueryParams();
  const search = params.get('q') ?? '';
  const category = params.get('category') ?? '';
  const level = params.get('level') ?? '';
  const deferredSearch = useDeferredValue(search);

  const setParam = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  // Spec 1 §5: the category options come from the courses' own categories.
  const categories = useMemo(() => [...new Set((modules.data ?? []).map((m) => m.category))], [modules.data]);
  const shown = useMemo(
    () =>
      (modules.data ?? []).filter((m) =>
        matchesLearningFilter(m, { search: deferredSearch, category, level }),
      ),
    [modules.data, deferredSearch, category, level],
  );
  const inProgress = (modules.data ?? []).find(
    (m) => m.progress.completed_lessons > 0 && m.progress.next_lesson_id !== null,
  );

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {inProgress && <ContinueCard course={inProgress} />}
      <div className="mb-5 grid gap-3 sm:grid-cols-[1fr_auto_auto]" role="search">
        <Field label={t('search.label')} htmlFor="academy-search">
          <div className="relative">
            <Search
              aria-hidden
              className="pointer-events-none absolute top-2.5 left-3 size-4 text-stone-500"
            />
            <Input
              id="academy-search"
              type="search"
              className="pl-9"
              placeholder={t('search.placeholder')}
              value={search}
              maxLength={100}
              onChange={(e) => setParam('q', e.target.value)}
            />
          </div>
        </Field>
        <div className="grid grid-cols-2 gap-3 sm:contents">
          <Field label={t('filters.category')} htmlFor="academy-category">
            <Select
              id="academy-category"
              value={category}
              onChange={(e) => setParam('category', e.target.value)}
            >
              <option value="">{t('filters.all_categories')}</option>
              {categories.map((c) => (
                <option key={c} value={c}>
                  {t(`categories.${c}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('filters.level')} htmlFor="academy-level">
            <Select id="academy-level" value={level} onChange={(e) => setParam('level', e.target.value)}>
              <option value="">{t('filters.all_levels')}</option>
              {DIFFICULTY_LEVELS.map((l) => (
                <option key={l} value={l}>
                  {t(`levels.${l}`)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      </div>

      <QueryState
        query={modules}
        icon={GraduationCap}
        loading={t('title')}
        empty={{ title: t('empty.title'), message: t('empty.message') }}
      >
        {() =>
          shown.length === 0 ? (
            <Card>
              <EmptyState
                icon={Search}
                title={t('no_match.title')}
                message={t('no_match.message')}
                action={
                  <button
                    type="button"
                    className={buttonClass('outline')}
                    onClick={() => setParams(() => new URLSearchParams(), { replace: true })}
                  >
                    {t('filters.clear')}
                  </button>
                }
              />
            </Card>
          ) : (
            <>
              <p className="mb-3 text-sm text-stone-600" aria-live="polite" data-testid="course-count">
                {t('count', { count: shown.length })}
              </p>
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {shown.map((course) => (
                  <ModuleCard key={course.id} course={course} />
                ))}
              </div>
            </>
          )
        }
      </QueryState>
    </>
  );
}

function ContinueCard({ course }: { course: LearningModule }) {
  const { t } = useTranslation('academy');
  return (
    <Card className="mb-5 flex flex-col gap-3 p-4 sm:flex-row sm:items-center" data-testid="continue-card">
      <img src={course.image_url} alt="" width={96} height={60} className="hidden rounded-lg sm:block" />
      <div className="min-w-0 flex-1">
        <p className="text-xs font-medium tracking-wide text-brand-700 uppercase">{t('continue_title')}</p>
        <p className="font-semibold text-stone-900">{course.title}</p>
        <ProgressBar className="mt-2" percent={course.progress.percent} label={t('card.progress_label')} />
        <p className="mt-1 text-xs text-stone-600">
          {t('card.progress', {
            done: course.progress.completed_lessons,
            total: course.progress.lessons_count,
          })}
        </p>
      </div>
      <Link to={courseLink(course)} className={buttonClass('primary')}>
        <PlayCircle aria-hidden className="size-4" />
        {t('card.continue')}
      </Link>
    </Card>
  );
}
