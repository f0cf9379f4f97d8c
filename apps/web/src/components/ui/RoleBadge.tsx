import { useTranslation } from 'react-i18next';
import { roleBadgeTone, roleLabelKey, type Role } from '@tt/domain';
import { Badge } from './Badge';

export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation();
  return (
    // Wraps instead of cutting: "Umphathi wokuthuthukisa ibhizinisi" is longer than a 360 px phone allows.
    <Badge tone={roleBadgeTone(role)} className="max-w-full text-center break-words whitespace-normal!">
      {t(roleLabelKey(role))}
    </Badge>
  );
}
