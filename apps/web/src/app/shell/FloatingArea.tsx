import { ConnectivityBanner } from './ConnectivityBanner';
import { InstallPrompt } from './InstallPrompt';

/** Bottom right on a desktop; above the bottom bar on a phone. */
export function FloatingArea() {
  return (
    <div className="pointer-events-none fixed right-3 bottom-20 left-3 z-40 flex flex-col items-end gap-2 sm:left-auto sm:w-96 lg:right-6 lg:bottom-6">
      <ConnectivityBanner />
      <InstallPrompt />
    </div>
  );
}
