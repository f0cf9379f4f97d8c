import { useCallback, useContext } from 'react';
import { UNSAFE_DataRouterContext, useSearchParams, type NavigateOptions } from 'react-router';

/** A change of the address's query: the query as it is now in, the query wanted out. */
export type QueryChange = (current: URLSearchParams) => URLSearchParams;

/**
 * The address's query (`useSearchParams`), and a setter whose change starts from the query as it is now. React
 * Router hands a change the query of the screen's last render, and renders a navigation in a transition: a second
 * change made before the screen has rendered the first (Clear filters, then a sort, on a slow phone) started from
 * the old query and undid the first. The router's own state has every navigation as soon as it is made.
 */
export function useQueryParams(): [
  URLSearchParams,
  (change: QueryChange, options?: NavigateOptions) => void,
] {
  const [params, setParams] = useSearchParams();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const update = useCallback(
    (change: QueryChange, options?: NavigateOptions) =>
      setParams(
        (rendered) => change(new URLSearchParams(router ? router.state.location.search : rendered)),
        options,
      ),
    [router, setParams],
  );
  return [params, update];
}

/**
 * A choice kept in the address's query (`?tab=`, `?timeframe=`): the value named there when it is one of `values`,
 * else the first, which the address then leaves out. Choosing replaces the entry and keeps the page's scroll; it
 * drops the `clears` parameters, which belong to the choice before (another area's tab).
 */
export function useQueryChoice<T extends string>(
  name: string,
  values: readonly T[],
  clears: readonly string[] = [],
): [T, (value: T) => void] {
  const [params, setParams] = useQueryParams();
  const requested = params.get(name);
  const current = values.includes(requested as T) ? (requested as T) : (values[0] as T);
  const choose = useCallback(
    (value: T) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (value === values[0]) next.delete(name);
          else next.set(name, value);
          for (const other of clears) next.delete(other);
          return next;
        },
        // A choice is part of the screen, not a new screen: the page stays where it was scrolled.
        { replace: true, preventScrollReset: true },
      ),
    [clears, name, setParams, values],
  );
  return [current, choose];
}
