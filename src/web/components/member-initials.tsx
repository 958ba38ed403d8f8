import type { FamilyMemberDto } from '../../core/contracts/members.ts';
import { memberColorTokens } from '../../core/members/colors.ts';
import { initials } from '../../core/members/initials.ts';
import { cn } from './ui/cn.ts';

/** A member's initials in their colour (SPEC §3), named for screen readers. */
export function MemberInitials({ member, className }: { member: FamilyMemberDto; className?: string }) {
  const tokens = memberColorTokens(member.color);
  return (
    <span
      title={member.name}
      className={cn(
        'inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
        tokens.background,
        tokens.text,
        className,
      )}
    >
      <span aria-hidden>{initials(member.name)}</span>
      <span className="sr-only">{member.name}</span>
    </span>
  );
}
