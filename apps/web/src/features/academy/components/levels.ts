import type { DifficultyLevel } from '@tt/domain';
import type { Tone } from '../../../components/ui/Badge';

export const levelTone: Record<DifficultyLevel, Tone> = {
  beginner: 'green',
  intermediate: 'orange',
  advanced: 'purple',
};
