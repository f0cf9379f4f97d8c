import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LearningModuleDetail } from '@tt/domain';
import { Link, useParams, useSearchParams } from 'react-router';
import { ArrowLeft, ArrowRight, CheckCircle2, Circle, GraduationCap, PartyPopper, Undo2 } from 'lucide-react';
import { Badge } from '../../components/ui/Badge';
import { Button, buttonClass } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { cn } from '../../components/ui/cn';
import { EmptyState } from '../../components/ui/EmptyState';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { QueryState } from '../../components/ui/QueryState';
import { ApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useLessonProgress, useModule } from './api';
import { CourseFacts } from './components/CourseFacts';
import { LessonView } from './components/LessonView';
import { levelTone } from './components/levels';
import { RatingPicker } from './components/RatingPicker';

/** /academy/:id (deep-linkable; ?lesson=<id> opens a lesson): read the lessons, mark them done, rate. */
export default function CoursePage() {
  const { t } = useTranslation('academy');
  const id = Number(useParams().id);
  const course = useModule(id);
  // An id that cannot name a course (the query never runs), or one the server does not know.
  const missing =
    !Number.isInteger(id) ||
    id <= 0 ||
    (course.data === undefined &&
      course.error instanceof ApiError &&
      (course.error.status === 404 || course.error.status === 400));
  if (missing) {
    return (
      <Card>
        <EmptyState
          icon={GraduationCap}
          title={t('course.not_found_title')}
          message={t('course.not_found_message')}
          action={
            <Link to={paths.academy} className={buttonClass('outline')}>
              {t('course.back')}
            </Link>
          }
        />
      </Card>
    );
  }
  return (
    <QueryState query={course} icon={GraduationCap} loading={t('title')}>
      {(data) => <CourseView data={data} />}
    </QueryState>
  );
}

function CourseView({ data }: { data: LearningModuleDetail }) {
  const { t } = useTranslation('academy');
  const [params, setParams] = useSearchParams();
  const progress = useLessonProgress();
  const [status, setStatus] = useState<string | null>(null);

  const lessons = data.lessons;
  const asked = Number(params.get('lesson'));
  const current =
    lessons.find((l) => l.id === asked) ??
    lessons.find((l) => l.id === data.progress.next_lesson_id) ??
    lessons[0];
  const index = current ? lessons.indexOf(current) : -1;
  const previous = index > 0 ? lessons[index - 1] : undefined;
  const next = index >= 0 ? lessons[index + 1] : undefined;

  useEffect(() => {
    setStatus(null);
    window.scrollTo({ top: 0 });
  }, [current?.id]);

  const open = (lessonId: number) => setParams({ lesson: String(lessonId) });
  const finished =
    data.progress.lessons_count > 0 && data.progress.completed_lessons === data.progress.lessons_count;

  const toggleDone = () => {
    if (!current) return;
    const completed = !current.completed;
    progress.mutate(
      { moduleId: data.id, lessonId: current.id, completed },
      { onSuccess: () => setStatus(completed ? t('course.marked_done') : t('course.marked_not_done')) },
    );
  };

  return (
    <>
      <Link
        to={paths.academy}
        className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t('course.back')}
      </Link>

      <Card className="mb-5 flex flex-col gap-4 p-4 sm:flex-row">
        <img
          src={data.image_url}
          alt=""
          width={320}
          height={200}
          className="hidden w-48 shrink-0 self-start rounded-lg bg-stone-100 sm:block"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap gap-2">
            <Badge tone="blue">{t(`categories.${data.category}`)}</Badge>
            <Badge tone={levelTone[data.difficulty_level]}>{t(`levels.${data.difficulty_level}`)}</Badge>
          </div>
          <h1 className="mt-2 text-2xl font-bold tracking-tight text-stone-900">{data.title}</h1>
          <p className="mt-1 text-sm text-stone-600">{data.description}</p>
          <div className="mt-3">
            <CourseFacts course={data} />
          </div>
          <div className="mt-3">
            <ProgressBar
              percent={data.progress.percent}
              label={t('card.progress_label')}
              tone={finished ? 'green' : 'brand'}
              testId="course-progress"
            />
            <p className="mt-1 text-xs text-stone-600" data-testid="course-progress-text">
              {t('card.progress', {
                done: data.progress.completed_lessons,
                total: data.progress.lessons_count,
              })}
            </p>
          </div>
        </div>
      </Card>

      <div className="grid gap-5 lg:grid-cols-[16rem_1fr]">
        <nav aria-label={t('course.lessons_title')} className="lg:sticky lg:top-4 lg:self-start">
          <h2 className="mb-2 text-sm font-semibold text-stone-700">{t('course.lessons_title')}</h2>
          <ol className="space-y-1" data-testid="lesson-list">
            {lessons.map((lesson) => (
              <li key={lesson.id}>
                <button
                  type="button"
                  onClick={() => open(lesson.id)}
                  aria-current={lesson.id === current?.id ? 'step' : undefined}
                  className={cn(
                    'flex w-full items-start gap-2 rounded-lg px-3 py-2 text-left text-sm',
                    lesson.id === current?.id
                      ? 'bg-brand-50 font-semibold text-stone-900 ring-1 ring-brand-200'
                      : 'text-stone-700 hover:bg-stone-100',
                  )}
                >
                  {lesson.completed ? (
                    <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
                  ) : (
                    <Circle aria-hidden className="mt-0.5 size-4 shrink-0 text-stone-400" />
                  )}
                  <span>
                    {lesson.position}. {lesson.title}
                    {lesson.completed && <span className="sr-only"> ({t('course.done')})</span>}
                  </span>
                </button>
              </li>
            ))}
          </ol>
        </nav>

        <div className="min-w-0 space-y-4">
          {current && <LessonView lesson={current} />}
          {current && (
            <Card className="p-4">
              <div className="flex flex-wrap items-center gap-3">
                {current.completed ? (
                  <>
                    <span
                      className="inline-flex items-center gap-1.5 font-medium text-green-800"
                      data-testid="lesson-done"
                    >
                      <CheckCircle2 aria-hidden className="size-5" />
                      {t('course.done')}
                    </span>
                    <Button variant="ghost" size="sm" loading={progress.isPending} onClick={toggleDone}>
                      <Undo2 aria-hidden className="size-4" />
                      {t('course.mark_not_done')}
                    </Button>
                  </>
                ) : (
                  <Button loading={progress.isPending} onClick={toggleDone}>
                    <CheckCircle2 aria-hidden className="size-4" />
                    {t('course.mark_done')}
                  </Button>
                )}
                <div className="ml-auto flex gap-2">
                  {previous && (
                    <Button variant="outline" onClick={() => open(previous.id)}>
                      <ArrowLeft aria-hidden className="size-4" />
                      <span className="sr-only sm:not-sr-only">{t('course.previous')}</span>
                    </Button>
                  )}
                  {next && (
                    <Button variant={current.completed ? 'primary' : 'outline'} onClick={() => open(next.id)}>
                      {t('course.next')}
                      <ArrowRight aria-hidden className="size-4" />
                    </Button>
                  )}
                </div>
              </div>
              {status && (
                <p
                  role="status"
                  className="mt-3 text-sm font-medium text-green-800"
                  data-testid="lesson-status"
                >
                  {status}
                </p>
              )}
            </Card>
          )}
          {finished && (
            <Card
              className="flex items-start gap-3 border-green-200 bg-green-50 p-4"
              data-testid="course-finished"
            >
              <PartyPopper aria-hidden className="size-6 shrink-0 text-green-700" />
              <div>
                <p className="font-semibold text-green-900">{t('course.finished_title')}</p>
                <p className="text-sm text-green-900">{t('course.finished_message')}</p>
              </div>
            </Card>
          )}
          <RatingPicker course={data} />
        </div>
      </div>
    </>
  );
}
