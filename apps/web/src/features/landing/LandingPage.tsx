import { useEffect, useEffectEvent, useLayoutEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  BookOpen,
  ClipboardList,
  Gift,
  Languages,
  MessagesSquare,
  ShoppingBag,
  Store,
  Users,
  Vote,
  WifiOff,
  BadgePercent,
  type LucideIcon,
} from 'lucide-react';
import { DEMO_ROLES, type DemoRole } from '@tt/domain';
import { Button, buttonClass } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { LanguagePicker } from '../../components/ui/LanguagePicker';
import { Logo } from '../../components/ui/Logo';
import { removeFirstPaint, takeFirstPaintTap } from '../../lib/first-paint';
import { paths } from '../../lib/paths';
import { returnTo } from '../../lib/return-to';
import { useDemoLogin, useKnownAuthOptions, useProviderSignIn } from '../auth/api';

const features: { key: string; icon: LucideIcon; tone: string }[] = [
  { key: 'coop', icon: Users, tone: 'bg-blue-100 text-blue-700' },
  { key: 'academy', icon: BookOpen, tone: 'bg-green-100 text-green-700' },
  { key: 'marketplace', icon: ShoppingBag, tone: 'bg-brand-100 text-brand-700' },
];
const grid: { key: string; icon: LucideIcon }[] = [
  { key: 'orders', icon: ClipboardList },
  { key: 'governance', icon: Vote },
  { key: 'inventory', icon: Store },
  { key: 'community', icon: MessagesSquare },
  { key: 'referrals', icon: Gift },
  { key: 'languages', icon: Languages },
];

export default function LandingPage() {
  const { t } = useTranslation('landing');
  const navigate = useNavigate();
  const demo = useDemoLogin();
  const provider = useProviderSignIn();
  const knownOptions = useKnownAuthOptions();
  // The same header and hero, painted from index.html before the app loaded, give way in the same frame; a
  // button tapped there meanwhile is pressed now (issue 9: on a slow phone the app takes seconds to arrive).
  const tapped = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    removeFirstPaint();
    tapped.current ??= takeFirstPaintTap();
  }, []);

  const tryDemo = (role: DemoRole = 'retailer') =>
    demo.mutate(role, { onSuccess: () => void navigate(returnTo(), { replace: true }) });
  const busyRole = demo.isPending ? demo.variables : undefined;
  // Getting started is opening an account: with the external provider where one is configured, else one of this
  // network's own (the demo is its own button). Which, is asked as the page opens; a click before the answer waits
  // for it, so that it never guesses. Without an answer (offline, a server error) it is the sign-up, never the demo.
  const getStarted = () =>
    void knownOptions().then(
      (options) => (options.external ? provider.mutate() : void navigate(paths.signup)),
      () => void navigate(paths.signup),
    );
  const replay = useEffectEvent(() => {
    const tap = tapped.current;
    tapped.current = undefined;
    if (tap === 'landing:demo_login' || tap === 'landing:hero.try_demo') tryDemo();
    else if (tap === 'landing:get_started' || tap === 'landing:hero.start_journey') getStarted();
  });
  useEffect(() => replay(), []);

  return (
    <div className="min-h-dvh bg-white">
      <header className="sticky top-0 z-20 border-b border-stone-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
          <Logo to={paths.home} compact />
          <div className="ml-auto flex items-center gap-2">
            <LanguagePicker className="hidden sm:flex" />
            {/* Narrower than a laptop the header has room for two: the hero's Try Demo is right below it. */}
            <Button
              variant="ghost"
              size="sm"
              className="max-lg:hidden"
              onClick={() => tryDemo()}
              loading={busyRole === 'retailer'}
            >
              {t('demo_login')}
            </Button>
            <Link to={paths.login} className={buttonClass('outline', 'sm')} data-testid="landing-sign-in">
              {t('sign_in')}
            </Link>
            <Button size="sm" onClick={getStarted} loading={provider.isPending}>
              {t('get_started')}
            </Button>
          </div>
        </div>
      </header>

      <section className="relative overflow-hidden bg-gradient-to-br from-brand-600 via-brand-600 to-brand-800 text-white">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:py-20 lg:grid-cols-2 lg:items-center">
          <div>
            <p className="inline-flex rounded-full bg-white/15 px-3 py-1 text-xs font-medium sm:text-sm">
              {t('hero.eyebrow')}
            </p>
            <h1 className="mt-4 text-3xl leading-tight font-extrabold tracking-tight sm:text-5xl">
              {t('hero.title')}
            </h1>
            <p className="mt-4 max-w-xl text-base text-white sm:text-lg">{t('hero.subtitle')}</p>
            <div className="mt-7 flex flex-col gap-3 sm:flex-row">
              <Button
                size="lg"
                variant="secondary"
                onClick={() => tryDemo()}
                loading={busyRole === 'retailer'}
                data-testid="try-demo"
              >
                {t('hero.try_demo')}
              </Button>
              <Button
                size="lg"
                variant="outline"
                className="border-white/60 bg-white/10 text-white hover:bg-white/20"
                onClick={getStarted}
                loading={provider.isPending}
              >
                {t('hero.start_journey')}
              </Button>
            </div>
            <ul className="mt-7 flex flex-wrap gap-x-5 gap-y-2 text-sm text-white">
              <li className="flex items-center gap-1.5">
                <Languages aria-hidden className="size-4" />
                {t('stats.languages')}
              </li>
              <li className="flex items-center gap-1.5">
                <BadgePercent aria-hidden className="size-4" />
                {t('stats.vat')}
              </li>
              <li className="flex items-center gap-1.5">
                <WifiOff aria-hidden className="size-4" />
                {t('stats.offline')}
              </li>
            </ul>
          </div>
          <div className="hidden lg:block">
            <HeroIllustration />
          </div>
        </div>
      </section>

      {/* Issue 9: the sections below the hero are laid out and painted as they near the screen. */}
      <section className="mx-auto max-w-6xl px-4 py-12 [contain-intrinsic-size:auto_600px] [content-visibility:auto] sm:py-16">
        <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('features.title')}</h2>
        <p className="mt-2 text-stone-600">{t('features.subtitle')}</p>
        <div className="mt-8 grid gap-4 md:grid-cols-3">
          {features.map((f) => (
            <Card key={f.key} className="p-5">
              <span className={`grid size-11 place-items-center rounded-xl ${f.tone}`}>
                <f.icon aria-hidden className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{t(`features.${f.key}.title`)}</h3>
              <p className="mt-1 text-sm text-stone-600">{t(`features.${f.key}.text`)}</p>
            </Card>
          ))}
        </div>
      </section>

      <section className="bg-stone-50 [contain-intrinsic-size:auto_600px] [content-visibility:auto]">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
          <h2 className="text-2xl font-bold tracking-tight">{t('grid.title')}</h2>
          <div className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {grid.map((g) => (
              <div key={g.key} className="flex gap-3 rounded-xl bg-white p-4 ring-1 ring-stone-200">
                <g.icon aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-600" />
                <div>
                  <h3 className="font-semibold">{t(`grid.${g.key}.title`)}</h3>
                  <p className="text-sm text-stone-600">{t(`grid.${g.key}.text`)}</p>
                </div>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-12 [contain-intrinsic-size:auto_600px] [content-visibility:auto] sm:py-16">
        <h2 className="text-2xl font-bold tracking-tight">{t('demo_roles.title')}</h2>
        <p className="mt-2 text-stone-600">{t('demo_roles.subtitle')}</p>
        <div className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {DEMO_ROLES.map((role) => (
            <Button
              key={role}
              variant="outline"
              className="h-auto py-3 whitespace-normal"
              onClick={() => tryDemo(role)}
              loading={busyRole === role}
              disabled={demo.isPending}
              data-testid={`demo-${role}`}
            >
              {t(`demo_roles.${role}`)}
            </Button>
          ))}
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 pb-16 [contain-intrinsic-size:auto_400px] [content-visibility:auto]">
        <div className="rounded-2xl bg-stone-900 px-6 py-10 text-center text-white">
          <h2 className="text-2xl font-bold">{t('cta.title')}</h2>
          <p className="mx-auto mt-2 max-w-md text-stone-200">{t('cta.text')}</p>
          <Button size="lg" className="mt-6" onClick={() => tryDemo()} loading={busyRole === 'retailer'}>
            {t('hero.try_demo')}
          </Button>
        </div>
      </section>

      <footer className="border-t border-stone-200 py-6">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 text-sm text-stone-500">
          <p>{t('footer')}</p>
          <Link to={paths.terms} className="text-stone-700 underline underline-offset-2 hover:text-stone-900">
            {t('terms_link')}
          </Link>
          <LanguagePicker className="sm:hidden" />
        </div>
      </footer>
    </div>
  );
}

function HeroIllustration() {
  return (
    <svg viewBox="0 0 480 360" role="img" aria-hidden className="mx-auto w-full max-w-md drop-shadow-xl">
      <rect x="40" y="120" width="400" height="210" rx="18" fill="#fff7ed" />
      <path d="M30 130 L240 40 L450 130 Z" fill="#7c2d12" />
      <rect x="40" y="130" width="400" height="36" fill="#c2410c" />
      {[0, 1, 2, 3, 4, 5, 6, 7].map((i) => (
        <rect key={i} x={40 + i * 50} y="130" width="25" height="36" fill="#fdba74" />
      ))}
      <rect x="80" y="200" width="130" height="130" rx="8" fill="#fed7aa" />
      <rect x="250" y="190" width="150" height="90" rx="8" fill="#ffffff" stroke="#fdba74" strokeWidth="4" />
      <rect x="265" y="205" width="30" height="60" rx="4" fill="#10b981" />
      <rect x="305" y="215" width="30" height="50" rx="4" fill="#3b82f6" />
      <rect x="345" y="200" width="40" height="65" rx="4" fill="#f59e0b" />
      <circle cx="185" cy="265" r="6" fill="#7c2d12" />
      <rect x="60" y="325" width="360" height="10" rx="5" fill="#9a3412" opacity="0.25" />
    </svg>
  );
}
