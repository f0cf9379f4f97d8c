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
