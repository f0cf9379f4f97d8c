import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/ui/Loading';
import { paths } from '../../lib/paths';
import { LanguagePicker } from '../../components/ui/LanguagePicker';
import { Logo } from '../../components/ui/Logo';

export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className="min-h-dvh">
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4">
          <Logo to={paths.home} />
          <LanguagePicker />
        </div>
      </header>
      <main className="mx-auto w-full max-w-7xl px-4 py-6">
        <Suspense fallback={<Loading label={t('common.loading')} />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
