import { PageHeader } from '../../components/ui/page-header.tsx';

/** Placeholder until this screen is built (see its issue). */
export function FamilyMembersPage() {
  return <PageHeader title="Family Members" />;
}
