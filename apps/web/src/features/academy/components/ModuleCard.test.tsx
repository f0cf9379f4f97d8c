import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LearningModule, LearningModuleDetail } from '@tt/domain';
import { i18n } from '../../../lib/i18n';
import enAcademy from '../../../locales/en/academy.json';
import { renderWithApp } from '../../../test-support/render';
import { ModuleCard } from './ModuleCard';
import { RatingPicker } from './RatingPicker';

const course = (
  over: Partial<LearningModule['progress']> = {},
  rating: number | null = 4.6,
): LearningModule => ({
  id: 5,
  slug: 'stock-control',
  title: 'Stock control for your shop',
  description: 'Count your stock.',
  category: 'stock',
  difficulty_level: 'beginner',
  content_type: 'article',
  duration_minutes: 18,
  is_active: true,
  image_url: '/academy/stock-control.svg',
  lessons_count: 3,
  enrolled_count: 17,
  rating,
  ratings_count: rating === null ? 0 : 8,
  progress: {
    module_id: 5,
    enrolled: false,
    lessons_count: 3,
    completed_lessons: 0,
    percent: 0,
    completed_lesson_ids: [],
    next_lesson_id: 11,
    my_rating: null,
    ...over,
  },
});

const card = (c: LearningModule) =>
  renderWithApp(
    <MemoryRouter>
      <ModuleCard course={c} />
    </MemoryRouter>,
  );

beforeAll(() => {
  i18n.addResourceBundle('en', 'academy', enAcademy);
});

describe('ModuleCard', () => {
  it('shows the course’s real figures and Start Free Course before the learner starts', () => {
    card(course());
    expect(screen.getByRole('heading', { name: 'Stock control for your shop' })).toBeTruthy();
    expect(screen.getByText('18 min')).toBeTruthy();
    expect(screen.getByText('3 lessons')).toBeTruthy();
    expect(screen.getByText('17 learners')).toBeTruthy();
    expect(screen.getByText('4.6 out of 5 (8 ratings)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start Free Course' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says when nobody has rated yet', () => {
    card(course({}, null));
    expect(screen.getByText('Not rated yet')).toBeTruthy();
  });

  it('shows progress and continues at the next lesson once started', () => {
    card(
      course({
        enrolled: true,
        completed_lessons: 2,
        percent: 67,
        completed_lesson_ids: [10, 11],
        next_lesson_id: 12,
      }),
    );
    expect(screen.getByText('2 of 3 lessons done')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('67');
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/academy/5?lesson=12');
  });

  it('offers a review of a finished course', () => {
    card(
      course({
        enrolled: true,
        completed_lessons: 3,
        percent: 100,
        completed_lesson_ids: [10, 11, 12],
        next_lesson_id: null,
      }),
    );
    expect(screen.getByText('Completed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Review course' }).getAttribute('href')).toBe('/academy/5');
  });
});

describe('RatingPicker', () => {
  const detail = (over: Partial<LearningModule['progress']>): LearningModuleDetail => ({
    ...course(over),
    lessons: [],
  });

  it('waits for a finished lesson before it offers the stars', () => {
    renderWithApp(<RatingPicker course={detail({})} />);
    expect(screen.getByText('Finish a lesson to rate this course.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '4 stars' })).toBeNull();
  });

  it('marks the learner’s own rating', () => {
    renderWithApp(<RatingPicker course={detail({ completed_lessons: 1, my_rating: 4 })} />);
    expect(screen.getByRole('button', { name: '4 stars' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: '5 stars' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText('Your rating: 4 out of 5')).toBeTruthy();
  });
});
