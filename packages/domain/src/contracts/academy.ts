import { z } from 'zod';
import {
  learningLanguageQuery,
  learningModuleDetailSchema,
  learningModuleSchema,
  learningModulesQuery,
  learningProgressSchema,
  lessonProgressBody,
  moduleRatingSchema,
  rateModuleBody,
} from '../academy.ts';
import { idSchema } from '../ids.ts';
import { contract } from './contract.ts';

const moduleParams = z.object({ id: idSchema });
const lessonParams = z.object({ id: idSchema, lessonId: idSchema });

/** The academy (spec 1 /academy; issue 13 point 1). Every learner's progress and rating are their own. */
export const academyContracts = {
  modules: contract({
    method: 'GET',
    path: '/api/learning/modules',
    tag: 'academy',
    summary: 'Active courses in the reader’s language, with the caller’s progress',
    access: 'signed_in',
    query: learningModulesQuery,
    status: 200,
    response: z.array(learningModuleSchema),
  }),
  module: contract({
    method: 'GET',
    path: '/api/learning/modules/:id',
    tag: 'academy',
    summary: 'One active course with its lessons and which of them the caller has done',
    access: 'signed_in',
    params: moduleParams,
    query: learningLanguageQuery,
    status: 200,
    response: learningModuleDetailSchema,
  }),
  enroll: contract({
    method: 'POST',
    path: '/api/learning/modules/:id/enroll',
    tag: 'academy',
    summary: 'Start Free Course: the caller starts the course (once; again answers the same)',
    access: 'signed_in',
    params: moduleParams,
    status: 200,
    response: learningProgressSchema,
  }),
  lessonProgress: contract({
    method: 'PUT',
    path: '/api/learning/modules/:id/lessons/:lessonId/progress',
    tag: 'academy',
    summary: 'Marks a lesson of the course done (or not done again)',
    access: 'signed_in',
    params: lessonParams,
    body: lessonProgressBody,
    status: 200,
    response: learningProgressSchema,
  }),
  rate: contract({
    method: 'PUT',
    path: '/api/learning/modules/:id/rating',
    tag: 'academy',
    summary:
      'The caller’s rating of the course (1-5), once at least one lesson is done; a new one replaces it',
    access: 'signed_in',
    params: moduleParams,
    body: rateModuleBody,
    status: 200,
    response: moduleRatingSchema,
  }),
};
