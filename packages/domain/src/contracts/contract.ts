import type { z } from 'zod';
import type { ErrorCode, ErrorParams } from '../errors.ts';
import type { ApiScope } from '../developer.ts';
import type { Access, ResourceRule } from '../permissions.ts';

/** An error code whose message needs no params (what a route can answer without knowing the record). */
export type PlainErrorCode = {
  [C in ErrorCode]: keyof ErrorParams<C> extends never ? C : never;
}[ErrorCode];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One endpoint, defined once (issue 7 part 7): the server registers its route from it (validation,
 * OpenAPI, access rule) and the web's fetcher builds the call and types the answer from it.
 */
export interface Contract {
  method: HttpMethod;
  /** Fastify's path syntax, `:name` for a parameter; the spec's path. */
  path: string;
  /** The OpenAPI group. */
  tag: string;
  summary?: string;
  description?: string;
  access: Access;
  /**
   * Part of the public API (ADR 050): an API key with this scope may call it with `Authorization: Bearer`, as its
   * owner and within the owner's access. A contract without one refuses every key.
   */
  apiScope?: ApiScope;
  /** The catalogued refusal when the role lacks the access permission (default: `forbidden`). */
  denied?: PlainErrorCode;
  /** Where the answer depends on the record too (see RESOURCE_RULES). */
  resource?: ResourceRule;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  /** The success status; 204 has no response body. */
  status: 200 | 201 | 204;
  response?: z.ZodType;
  /** Extra fields a refusal sends beside `error` (e.g. checkout's 409 totals). */
  errorDetails?: z.ZodType;
}

/** Keeps the literal types (method, path, schemas) of a contract while checking its shape. */
export const contract = <const C extends Contract>(c: C): C => c;

type Input<S> = S extends z.ZodType ? z.input<S> : undefined;
type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** `/api/cooperatives/:id/votes/:voteId` -> 'id' | 'voteId'. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** What a caller passes: every path parameter, as a number or its digits. */
export type ParamsIn<C extends Pick<Contract, 'path'>> = [PathParamNames<C['path']>] extends [never]
  ? undefined
  : Record<PathParamNames<C['path']>, number | string>;
export type QueryIn<C extends Contract> = Input<C['query']>;
export type BodyIn<C extends Contract> = Input<C['body']>;
/** The answer's JSON as the server's serializer writes it. */
export type ResponseOf<C extends Contract> = C['status'] extends 204 ? void : Output<C['response']>;

/** The extra fields of a refusal, when the contract declares them. */
export type ErrorDetailsOf<C extends Contract> = Output<C['errorDetails']>;

/** What a route handler receives, parsed by the contract's schemas. */
export type ParamsOut<C extends Contract> = Output<C['params']>;
export type QueryOut<C extends Contract> = Output<C['query']>;
export type BodyOut<C extends Contract> = Output<C['body']>;
/** What a route handler returns: anything the response schema accepts. */
export type ResponseIn<C extends Contract> = C['status'] extends 204 ? void : Input<C['response']>;

/** Fills a contract's path with its parameters (encoded); shared by the web and the tests. */
export function buildPath(path: string, params?: Record<string, number | string>): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
