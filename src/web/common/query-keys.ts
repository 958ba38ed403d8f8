/**
 * Query keys that one feature reads and another invalidates. `GET /api/notifications` (the Recent Messages
 * card) changes when a member's phone is verified, since the code goes out as an SMS.
 */
export const recentMessagesQueryKey = ['notifications'] as const;
