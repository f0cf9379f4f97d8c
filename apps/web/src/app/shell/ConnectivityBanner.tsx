import { useEffect, useState } from 'react';
import { Wifi, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const BACK_ONLINE_MS = 3000;

/** Spec 1 §4 connectivity: an offline banner while the network is gone, a short "back online" after. */
export function ConnectivityBanner() {
  const { t } = useTranslation();
  const [online, setOnline] = useState(() => navigator.onLine);
  const [showBack, setShowBack] = useState(false);

  useEffect(() => {
    let timer: number | undefined;
    const goOnline = () => {
      setOnline(true);
      setShowBack(true);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setShowBack(false), BACK_ONLINE_MS);
    };
    const goOffline = () => {
      setOnline(false);
      setShowBack(false);
    };
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
      window.clearTimeout(timer);
    };
  }, []);

  if (online && !showBack) return null;
  return (
    <div
      role="status"
      data-testid="connectivity-banner"
      className={`pointer-events-auto flex items-start gap-2 rounded-xl px-4 py-3 text-sm text-white shadow-lg ${online ? 'bg-green-700' : 'bg-stone-800'}`}
    >
      {online ? (
        <Wifi aria-hidden className="mt-0.5 size-4 shrink-0" />
      ) : (
        <WifiOff aria-hidden className="mt-0.5 size-4 shrink-0" />
      )}
      <div>
        <p className="font-semibold">
          {online ? t('connectivity.online_title') : t('connectivity.offline_title')}
        </p>
        {!online && <p className="text-white/80">{t('connectivity.offline_message')}</p>}
      </div>
    </div>
  );
}
