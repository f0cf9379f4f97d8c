import type { BadgeTone } from '@tt/domain';
import { cn } from './cn';

export type Tone = BadgeTone | 'red' | 'yellow';

const tones: Record<Tone, string> = {
  green: 'bg-green-100 text-green-800 ring-green-600/20',
  orange: 'bg-orange-100 text-orange-800 ring-orange-600/20',
  purple: 'bg-purple-100 text-purple-800 ring-purple-600/20',
  blue: 'bg-blue-100 text-blue-800 ring-blue-600/20',
  grey: 'bg-stone-100 text-stone-700 ring-stone-500/20',
  red: 'bg-red-100 text-red-800 ring-red-600/20',
  yellow: 'bg-yellow-100 text-yellow-800 ring-yellow-600/20',
};

export function Badge({
  tone = 'grey',
  children,
  className,
}: {
  tone?: Tone;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset whitespace-nowrap',
        tones[tone],
        className,
      )}
      data-tone={tone}
    >
      {children}
    </span>
  );
}
