import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Pencil } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { PageHeader } from '../../components/ui/PageHeader';
import { useMe } from '../auth/api';
import { AccountDataCard } from './AccountDataCard';
import { PasskeysCard } from './components/PasskeysCard';
import { ProfileForm } from './components/ProfileForm';
import { ProfileSummary } from './components/ProfileSummary';
import { ProfileView } from './components/ProfileView';

const SAVED_BANNER_MS = 3000;

export default function ProfilePage() {
  const { t } = useTranslation('profile');
  const { data: user } = useMe();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(() => setSaved(false), SAVED_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [saved]);

  if (!user) return null;

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        action={
          !editing && (
            <Button onClick={() => setEditing(true)} data-testid="edit-profile">
              <Pencil aria-hidden className="size-4" />
              {t('edit')}
            </Button>
          )
        }
      />
      {saved && (
        <div
          role="status"
          data-testid="profile-saved"
          className="mb-4 flex items-center gap-2 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-800"
        >
          <CheckCircle2 aria-hidden className="size-5" />
          {t('saved')}
        </div>
      )}
      <ProfileSummary user={user} />
      {editing ? (
        <ProfileForm
          user={user}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            setSaved(true);
          }}
        />
      ) : (
        <ProfileView user={user} />
      )}
      <PasskeysCard user={user} />
      <AccountDataCard user={user} />
    </>
  );
}
