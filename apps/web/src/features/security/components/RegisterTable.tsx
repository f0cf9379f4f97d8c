import { useTranslation } from 'react-i18next';
import type { SecurityOverview } from '@tt/domain';

/** The personal-data register: per purpose, what is held, why, how long, and what closing the account does. */
export function RegisterTable({
  register,
  days,
  print = false,
}: {
  // The server's answer, or the domain's own list where no one is signed in to ask (the terms page).
  register: readonly Pick<SecurityOverview['register'][number], 'id' | 'kept' | 'on_close'>[];
  days: number;
  print?: boolean;
}) {
  const { t } = useTranslation('security');
  if (print)
    return (
      <table>
        <thead>
          <tr>
            <th>{t('register.data')}</th>
            <th>{t('register.why')}</th>
            <th>{t('register.kept')}</th>
            <th>{t('register.on_close')}</th>
          </tr>
        </thead>
        <tbody>
          {register.map((entry) => (
            <tr key={entry.id}>
              <td>
                <strong>{t(`register.entry.${entry.id}.name`)}</strong>:{' '}
                {t(`register.entry.${entry.id}.data`)}
              </td>
              <td>{t(`register.entry.${entry.id}.why`)}</td>
              <td>{t(`register.kept_as.${entry.kept}`, { days })}</td>
              <td>{t(`register.close_as.${entry.on_close}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  // On a phone a table of four columns does not fit: one card per purpose, the four answers under it.
  return (
    <ul className="space-y-3" data-testid="register">
      {register.map((entry) => (
        <li key={entry.id} className="rounded-lg border border-stone-200 p-3" data-testid="register-entry">
          <p className="font-medium text-stone-900">{t(`register.entry.${entry.id}.name`)}</p>
          <dl className="mt-1 grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[9rem_1fr]">
            <dt className="text-stone-600">{t('register.data')}</dt>
            <dd className="text-stone-800">{t(`register.entry.${entry.id}.data`)}</dd>
            <dt className="text-stone-600">{t('register.why')}</dt>
            <dd className="text-stone-800">{t(`register.entry.${entry.id}.why`)}</dd>
            <dt className="text-stone-600">{t('register.kept')}</dt>
            <dd className="text-stone-800">{t(`register.kept_as.${entry.kept}`, { days })}</dd>
            <dt className="text-stone-600">{t('register.on_close')}</dt>
            <dd className="text-stone-800">{t(`register.close_as.${entry.on_close}`)}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
