import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, FileText, Printer } from 'lucide-react';
import type { SecurityOverview } from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { Dialog } from '../../../components/ui/Dialog';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { RegisterTable } from './RegisterTable';
import './print.css';

/** True statements of this product (ADR 054): what it does for POPIA, and why PCI DSS does not reach it. */
const POPIA = ['register', 'export', 'close', 'minimum', 'events', 'sessions', 'access'] as const;
const PCI = ['no_cards', 'recorded', 'providers'] as const;

/**
 * POPIA and PCI DSS checklists, the personal-data register (View Register, from the server's map) and Download
 * PDF / Print: the report printed alone (print.css), which the browser's print dialog also saves as a PDF.
 */
export function ComplianceTab({ overview }: { overview: SecurityOverview }) {
  const { t } = useTranslation('security');
  const [showRegister, setShowRegister] = useState(false);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => window.print()} data-testid="download-pdf">
          <Printer aria-hidden className="size-4" />
          {t('compliance.download')}
        </Button>
        <Button variant="outline" onClick={() => setShowRegister(true)} data-testid="view-register">
          <FileText aria-hidden className="size-4" />
          {t('compliance.view_register')}
        </Button>
      </div>
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <Checklist
          title={t('compliance.popia')}
          text={t('compliance.popia_text')}
          items={POPIA}
          days={overview.event_days}
          testId="popia-checklist"
        />
        <Checklist
          title={t('compliance.pci')}
          text={t('compliance.pci_text')}
          items={PCI}
          days={overview.event_days}
          testId="pci-checklist"
        />
      </div>
      {showRegister && (
        <Dialog
          open
          onOpenChange={(open) => !open && setShowRegister(false)}
          title={t('register.title')}
          description={t('register.subtitle')}
          closeLabel={t('register.close')}
          className="sm:max-w-3xl"
        >
          <RegisterTable register={overview.register} days={overview.event_days} />
          <p className="mt-3 text-sm">
            <a href={paths.profile} className="font-medium text-brand-700 underline underline-offset-2">
              {t('register.export_link')}
            </a>
          </p>
        </Dialog>
      )}
      {createPortal(<PrintedReport overview={overview} />, document.body)}
    </div>
  );
}

function Checklist({
  title,
  text,
  items,
  days,
  testId,
}: {
  title: string;
  text: string;
  items: readonly string[];
  days: number;
  testId: string;
}) {
  const { t } = useTranslation('security');
  return (
    <Card data-testid={testId}>
      <CardHeader title={title} subtitle={text} />
      <ul className="space-y-2 px-4 py-3 sm:px-5">
        {items.map((id) => (
          <li key={id} className="flex gap-2 text-sm text-stone-800">
            <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
            <span className="min-w-0">{t(`compliance.items.${id}`, { days })}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** What Download PDF / Print prints: the score, both checklists and the register, dated. */
function PrintedReport({ overview }: { overview: SecurityOverview }) {
  const { t, i18n } = useTranslation('security');
  const days = overview.event_days;
  return (
    <div className="security-print" aria-hidden>
      <h1>{t('compliance.printed', { date: formatDate(new Date().toISOString(), i18n.language) })}</h1>
      <p>
        {t('score.title')}: {overview.score}% ({t(`score.band.${overview.band}`)})
      </p>
      <h2>{t('compliance.popia')}</h2>
      <ul>
        {POPIA.map((id) => (
          <li key={id}>{t(`compliance.items.${id}`, { days })}</li>
        ))}
      </ul>
      <h2>{t('compliance.pci')}</h2>
      <ul>
        {PCI.map((id) => (
          <li key={id}>{t(`compliance.items.${id}`, { days })}</li>
        ))}
      </ul>
      <h2>{t('settings.title')}</h2>
      <ul>
        {overview.measures.map((m) => (
          <li key={m.id}>
            {t(`measure.${m.id}.name`)}: {m.enabled ? t('settings.on') : t('settings.off')}
          </li>
        ))}
      </ul>
      <h2>{t('register.title')}</h2>
      <RegisterTable register={overview.register} days={days} print />
    </div>
  );
}
