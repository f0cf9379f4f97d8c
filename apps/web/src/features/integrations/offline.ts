import { useEffect, useState } from 'react';
import { connectionStatus, type IntegrationStatus } from '@tt/domain';

/** The offline till as this browser has it: the app's service worker, which only the browser can see (ADR 055). */
export interface OfflineTill {
  id: 'offline_till';
  status: IntegrationStatus;
  available: boolean;
  /** Nobody sets it up: the app installs its worker itself where the browser lets it. */
  can_set_up: false;
  /** The worker is installed, and it controls this page (so the till opens without a network). */
  installed: boolean;
  controlling: boolean;
}

/** Reads the service worker's registration once; statuses by the domain's rule, as the server's connections. */
export function useOfflineTill(): OfflineTill {
  const supported = typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
  const [state, setState] = useState({ installed: false, controlling: false });
  useEffect(() => {
    if (!supported) return;
    let live = true;
    const read = () =>
      void navigator.serviceWorker
        .getRegistration()
        .then((registration) => {
          if (live)
            setState({
              installed: registration !== undefined,
              controlling: navigator.serviceWorker.controller !== null,
            });
        })
        .catch(() => undefined);
    read();
    // The app registers its worker after the first load: read again once it is ready or takes the page over.
    void navigator.serviceWorker.ready.then(read).catch(() => undefined);
    navigator.serviceWorker.addEventListener('controllerchange', read);
    return () => {
      live = false;
      navigator.serviceWorker.removeEventListener('controllerchange', read);
    };
  }, [supported]);
  return {
    id: 'offline_till',
    status: connectionStatus({
      available: supported,
      configured: state.installed,
      used: state.controlling,
      requests: 0,
      errors: 0,
    }),
    available: supported,
    can_set_up: false,
    ...state,
  };
}
