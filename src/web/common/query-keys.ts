/**
 * Query keys that one feature reads and another invalidates. `GET /api/notifications` (the Recent Messages
 * card) changes when a member's phone is verified, since the code goes out as an SMS.
 */
export const recentMessagesQueryKey = ['notifications'] as const;

/**
 * `GET /api/account` (Account Settings). Its "Your reminders" counts the account's push devices, which the push
 * feature's "Notifications on this device" card adds and removes: invalidate with `exact: true` (the key is the
 * prefix of the account's other queries).
 */
export const accountQueryKey = ['account'] as const;
