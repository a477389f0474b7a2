/** How an emergency contact's relationship reads (spec §3): the registration form's options, the admin's details. */
import type { EmergencyContactRelationship } from '@club/shared/constants';

export const RELATIONSHIP_LABELS: Record<EmergencyContactRelationship, string> = {
  parent: 'Parent',
  guardian: 'Guardian',
  other_family: 'Other Family Member',
  other: 'Other',
};
