import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AppUser } from '@tt/domain';
import { Sidebar } from './Sidebar';

/** The phone's menu: the sidebar's navigation in a sheet from the left (AppShell loads it after the first paint). */
export function MobileMenu({
  user,
  open,
  onOpenChange,
  onLogout,
}: {
  user: AppUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-stone-900/40 lg:hidden" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] bg-white shadow-xl lg:hidden">
          <Dialog.Title className="sr-only">{t('shell.menu')}</Dialog.Title>
          <Dialog.Description className="sr-only">{t('shell.main_navigation')}</Dialog.Description>
          <Sidebar user={user} onNavigate={() => onOpenChange(false)} onLogout={onLogout} />
          <Dialog.Close
            className="absolute top-4 right-3 rounded p-1 text-stone-500 hover:bg-stone-100"
            aria-label={t('shell.close_menu')}
          >
            <X aria-hidden className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
