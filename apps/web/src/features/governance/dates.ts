/**
 * A datetime-local field holds wall-clock time without a zone. The product shows and reads times in
 * Africa/Johannesburg (UTC+2 all year, no daylight saving), so that offset is attached before sending.
 */
export const SAST_OFFSET = '+02:00';

export function localInputToIso(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const [date, time = '00:00'] = value.split('T');
  const withSeconds = time.length === 5 ? `${time}:00` : time.slice(0, 8);
  return `${date}T${withSeconds}${SAST_OFFSET}`;
}
