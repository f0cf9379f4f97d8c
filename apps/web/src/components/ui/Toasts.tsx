import { useEffect } from 'react';
import { Toaster, toast } from 'sonner';
import { attachToaster } from '../../lib/toast';

/**
 * Sonner's rich colours put #e60000 on #fff0f0 (4.34:1) and orange on cream (about 3:1); these text
 * colours reach 4.5:1 on the same tints (5.85, 4.76, 4.89, 6.25). The toaster's inline variables win
 * over its stylesheet's.
 */
const readableToastColours = {
  '--error-text': '#b91c1c',
  '--success-text': '#15803d',
  '--warning-text': '#b45309',
  '--info-text': '#1d4ed8',
} as React.CSSProperties;

/** Mounted on the first toast; the Toaster's own effect runs before this one, so nothing is lost. */
export default function Toasts() {
  useEffect(
    () =>
      attachToaster(({ message, id, kind }) =>
        kind === 'success' ? toast.success(message, { id }) : toast.error(message, { id }),
      ),
    [],
  );
  return <Toaster position="top-center" richColors closeButton style={readableToastColours} />;
}
