import { memberColorTokens } from '../../../core/members/colors.ts';
import { initials } from '../../../core/members/initials.ts';
import { cn } from '../../components/ui/cn.ts';

/** A member's initials in their colour (SPEC §2), decorative next to the written name. */
export function MemberAvatar({
  name,
  color,
  className,
}: {
  name: string;
  color: string;
  className?: string;
}) {
  const tokens = memberColorTokens(color);
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full text-base font-semibold',
        tokens.background,
        tokens.text,
        className,
      )}
    >
      {initials(name) || '?'}
    </span>
  );
}
