/**
 * Carrier keywords (CTIA Messaging Principles and Best Practices; Twilio's default opt-out handling):
 * a message that is only one of these words, in any case and with surrounding spaces or punctuation, is a
 * command, not a question.
 */
export type CarrierKeyword = 'stop' | 'start' | 'help';

/** Twilio's standard opt-out words (STOP and its synonyms). */
const STOP_WORDS = ['stop', 'stopall', 'unsubscribe', 'cancel', 'end', 'quit', 'optout', 'revoke'];
/** Twilio's standard opt-in words. */
const START_WORDS = ['start', 'unstop', 'yes'];
/** Twilio's standard help words. */
const HELP_WORDS = ['help', 'info'];

/** Reads a whole message as a carrier keyword, or null for anything else ("stop soccer reminders?" is a question). */
export function carrierKeyword(body: string): CarrierKeyword | null {
  const word = body
    .trim()
    .toLowerCase()
    .replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '')
    .replace(/[\s-]+/g, '');
  if (STOP_WORDS.includes(word)) return 'stop';
  if (START_WORDS.includes(word)) return 'start';
  if (HELP_WORDS.includes(word)) return 'help';
  return null;
}

/** Reply to STOP (the member is opted out of every FamilyHub text). */
export const STOP_REPLY = 'FamilyHub: you will get no more texts from us. Reply START to opt back in.';
/** Reply to START. */
export const START_REPLY = 'FamilyHub: texts are back on. Reply HELP for help, STOP to opt out.';
/** Reply to HELP: what the number does and how to leave. */
export const HELP_REPLY =
  'FamilyHub: text a question about your family calendar, e.g. "What\'s on tomorrow?", "What are my tasks?" ' +
  'or "Who is picking up today?". Reply STOP to opt out, START to opt back in.';
/** Reply to a number that belongs to no member: nothing about any family. */
export const UNKNOWN_SENDER_REPLY =
  "FamilyHub: this number isn't verified on a family member's profile, so I can't answer. Ask a parent to add " +
  'it in FamilyHub under Family Members and tap Verify.';
/** Reply to a number on members of several families: no family's data, and how to fix it. */
export const MULTI_FAMILY_REPLY =
  "FamilyHub: this number is on member profiles in more than one family, so I can't tell whose calendar to use. " +
  'Keep it on one profile only (Family Members > Edit) and text again.';
