import { AlertTriangle, CheckCircle2, Info } from 'lucide-react';
import { Card } from '../../../components/ui/Card';
import { LanguagePicker } from '../../../components/ui/LanguagePicker';
import { Logo } from '../../../components/ui/Logo';
import { cn } from '../../../components/ui/cn';
import { paths } from '../../../lib/paths';

/**
 * The frame of the account screens (sign in, sign up, password links): the mark leading home and the language,
 * then one card as wide as a phone. `wide` gives a longer form two columns' room on a larger screen.
 */
export function AccountScreen({
  title,
  subtitle,
  wide,
  footer,
  children,
  testId,
}: {
  title: string;
  subtitle?: string;
  wide?: boolean;
  footer?: React.ReactNode;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <div className="min-h-dvh bg-stone-50">
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
          <Logo to={paths.home} />
          <LanguagePicker />
        </div>
      </header>
      <main className={cn('mx-auto w-full px-4 py-6 sm:py-10', wide ? 'max-w-2xl' : 'max-w-md')}>
        <Card className="p-4 sm:p-6" data-testid={testId}>
          <h1 className="text-xl font-bold break-words text-stone-900 sm:text-2xl">{title}</h1>
          {subtitle && <p className="mt-1 text-sm text-stone-600">{subtitle}</p>}
          <div className="mt-5">{children}</div>
        </Card>
        {footer && <div className="mt-4 space-y-2 text-center text-sm text-stone-700">{footer}</div>}
      </main>
    </div>
  );
}

const tones = {
  error: { box: 'border-red-200 bg-red-50 text-red-800', icon: AlertTriangle },
  success: { box: 'border-green-200 bg-green-50 text-green-800', icon: CheckCircle2 },
  info: { box: 'border-blue-200 bg-blue-50 text-blue-900', icon: Info },
} as const;

/** A message in the card: a refusal (announced at once), a success or a note. */
export function Notice({
  tone,
  children,
  testId,
}: {
  tone: keyof typeof tones;
  children: React.ReactNode;
  testId?: string;
}) {
  const { box, icon: Icon } = tones[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={cn('flex gap-2 rounded-lg border px-3 py-2.5 text-sm', box)}
    >
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 space-y-1 break-words">{children}</div>
    </div>
  );
}

/** A link in running text, in the brand's colour (7:1 on white) and underlined, so it is not told by colour alone. */
export const textLink = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

/**
 * A full-width button whose label is a sentence in some languages: it wraps on a narrow phone and grows. Marked
 * important, since the button's own nowrap and fixed height come later in the stylesheet and would win.
 */
export const wrappingButton = 'w-full h-auto! min-h-12 py-2 whitespace-normal!';
