import { useEffect } from 'react';
import { Toaster, toast } from 'sonner';
import { attachToaster } from '../../lib/toast';

/** Mounted on the first error; the Toaster's own effect runs before this one, so nothing is lost. */
export default function Toasts() {
  useEffect(() => attachToaster(({ message, id }) => toast.error(message, { id })), []);
  return <Toaster position="top-center" richColors closeButton />;
}
