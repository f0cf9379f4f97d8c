import { useEffect, useState } from 'react';
import { Download, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const DISMISSED_KEY = 'install_prompt_dismissed_at';
const ASK_AGAIN_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

function recentlyDismissed() {
  try {
    const at = Number(localStorage.getItem(DISMISSED_KEY));
    return Number.isFinite(at) && Date.now() - at < ASK_AGAIN_AFTER_MS;
  } catch {
    return false;
  }
}

/**
 * The browser's offer, kept from the moment the shell's code runs: the prompt itself only shows once the first
 * screen has painted (AppShell), and the browser may make its offer before that.
 */
let offered: BeforeInstallPromptEvent | null = null;
window.addEventListener('beforeinstallprompt', (e) => {
  e.preventDefault();
  offered = e as BeforeInstallPromptEvent;
});
window.addEventListener('appinstalled', () => {
  offered = null;
});

/** Offers to install the app when the browser allows it; Maybe later and close both decline for a week. */
export function InstallPrompt() {
  const { t } = useTranslation();
  const [event, setEvent] = useState<BeforeInstallPromptEvent | null>(() =>
    offered && !recentlyDismissed() ? offered : null,
  );

  useEffect(() => {
    const offer = (e: Event) => {
      e.preventDefault();
      if (!recentlyDismissed()) setEvent(e as BeforeInstallPromptEvent);
    };
    const installed = () => setEvent(null);
    window.addEventListener('beforeinstallprompt', offer);
    window.addEventListener('appinstalled', installed);
    return () => {
      window.removeEventListener('beforeinstallprompt', offer);
      window.removeEventListener('appinstalled', installed);
    };
  }, []);

  if (!event) return null;

  const decline = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, String(Date.now()));
    } catch {
      // Without storage the offer simply returns next visit.
    }
    offered = null;
    setEvent(null);
  };
  const install = async () => {
    await event.prompt();
    const { outcome } = await event.userChoice;
    if (outcome === 'dismissed') decline();
    else {
      offered = null;
      setEvent(null);
    }
  };

  return (
    <div
      role="dialog"
      aria-labelledby="install-title"
      data-testid="install-prompt"
      className="pointer-events-auto w-full rounded-xl border border-stone-200 bg-white p-4 shadow-xl"
    >
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-100 text-brand-700">
          <Download aria-hidden className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <p id="install-title" className="font-semibold text-stone-900">
            {t('install.title')}
          </p>
          <p className="mt-0.5 text-sm text-stone-600">{t('install.message')}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button size="sm" onClick={() => void install()}>
              {t('install.install')}
            </Button>
            <Button size="sm" variant="ghost" onClick={decline}>
              {t('install.later')}
            </Button>
          </div>
        </div>
        <button
          type="button"
          onClick={decline}
          aria-label={t('install.close')}
          className="rounded p-1 text-stone-400 hover:bg-stone-100 hover:text-stone-700"
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
    </div>
  );
}
