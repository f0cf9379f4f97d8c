import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClipboardList, Users } from 'lucide-react';
import { DEFAULT_MINIMUM_MEMBERS } from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { Loading } from '../../../components/ui/Loading';

// The form (and with it the form kit and the schemas) loads when someone starts registering: the co-ops
// screen is precached for every first visit (issue 9's 400 KB budget), the registration is rarely opened.
const RegistrationForm = lazy(() =>
  import('./RegistrationForm').then((m) => ({ default: m.RegistrationForm })),
);

export function CreateTab({ onRegistered }: { onRegistered: (name: string) => void }) {
  const { t } = useTranslation('cooperatives');
  const [open, setOpen] = useState(false);
  const steps = ['register', 'gather', 'activate', 'govern'] as const;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-5">
      <Card className="lg:col-span-2">
        <CardHeader title={t('create.title')} subtitle={t('create.subtitle')} />
        <div className="p-4 sm:p-5">
          <p
            className="flex items-start gap-2 rounded-lg bg-brand-50 p-3 text-sm text-brand-900"
            data-testid="minimum-members-note"
          >
            <Users aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t('create.minimum', { count: DEFAULT_MINIMUM_MEMBERS })}
          </p>
          <ol className="mt-4 space-y-3">
            {steps.map((step, index) => (
              <li key={step} className="flex gap-3">
                <span className="grid size-7 shrink-0 place-items-center rounded-full bg-stone-100 text-sm font-semibold text-stone-700">
                  {index + 1}
                </span>
                <div className="min-w-0">
                  <p className="text-sm font-medium text-stone-900">{t(`create.steps.${step}.title`)}</p>
                  <p className="text-sm text-stone-600">
                    {t(`create.steps.${step}.text`, { count: DEFAULT_MINIMUM_MEMBERS })}
                  </p>
                </div>
              </li>
            ))}
          </ol>
          {!open && (
            <Button
              className="mt-5 w-full sm:w-auto"
              onClick={() => setOpen(true)}
              data-testid="start-registration"
            >
              <ClipboardList aria-hidden className="size-4" />
              {t('create.start')}
            </Button>
          )}
        </div>
      </Card>
      {open && (
        <Suspense fallback={<Loading label={t('create.start')} />}>
          <RegistrationForm
            onCancel={() => setOpen(false)}
            onRegistered={(name) => {
              setOpen(false);
              onRegistered(name);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
