import { IconBriefcase, IconCode, IconCoin, IconHeartbeat, IconSchool, IconSpeakerphone, IconTag, IconUsers } from '@tabler/icons-react';
import type { ComponentType } from 'react';

type IconComponent = ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;

/** Categories are free text chosen by admins; a few common words get a fitting icon, the rest a tag. */
const ICON_RULES: [RegExp, IconComponent][] = [
  [/soft|app|tool|tech|saas|code/i, IconCode],
  [/educat|course|learn|school|train/i, IconSchool],
  [/coach|mentor|consult/i, IconUsers],
  [/financ|money|invest|trad|crypto/i, IconCoin],
  [/health|well|fitness/i, IconHeartbeat],
  [/market|ads|social/i, IconSpeakerphone],
  [/business|service/i, IconBriefcase],
];

export function CategoryIcon({ name, size = 16 }: { name: string; size?: number }) {
  const Icon = ICON_RULES.find(([pattern]) => pattern.test(name))?.[1] ?? IconTag;
  return <Icon size={size} aria-hidden />;
}
