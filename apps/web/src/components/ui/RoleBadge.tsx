import { useTranslation } from 'react-i18next';
import { roleBadgeTone, roleLabelKey, type Role } from '@tt/domain';
import { Badge } from './Badge';

export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation();
  return (
    <Badge tone={roleBadgeTone(role)} className="max-w-32 truncate">
      {t(roleLabelKey(role))}
    </Badge>
  );
}
