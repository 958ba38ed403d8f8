/**
 * SMS segment counting (3GPP TS 23.038 alphabets, TS 23.040 concatenation), as carriers and Twilio bill it.
 *
 * A body that uses only the GSM-7 default alphabet (plus its extension table, whose characters take two
 * septets: ESC + char) is sent as GSM-7: 160 septets in one segment, 153 per segment when concatenated
 * (the user-data header takes 7). Any other character switches the whole body to UCS-2: 70 UTF-16 code
 * units in one segment, 67 per segment when concatenated. A two-septet extension character or a surrogate
 * pair is never split across segments.
 */

const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '\f^{}\\[~]|€';

const basicSet = new Set(GSM7_BASIC);
const extensionSet = new Set(GSM7_EXTENSION);

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsSegmentCount {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2) the body takes. */
  units: number;
  /** Segments the body is sent (and billed) as; 0 for an empty body. */
  segments: number;
}

/** Upper bound on segments of any SMS FamilyHub sends (issue 3: keep bodies to at most 3 segments). */
export const MAX_SMS_SEGMENTS = 3;

/** The encoding a body needs: GSM-7 when every character is in the default alphabet or its extension. */
export function smsEncoding(text: string): SmsEncoding {
  for (const ch of text) {
    if (!basicSet.has(ch) && !extensionSet.has(ch)) return 'UCS-2';
  }
  return 'GSM-7';
}

/** Units one character takes in `encoding`: 1 or 2 (GSM-7 extension character, or a UCS-2 surrogate pair). */
function charUnits(ch: string, encoding: SmsEncoding): number {
  if (encoding === 'GSM-7') return extensionSet.has(ch) ? 2 : 1;
  return ch.length; // UTF-16 code units: 2 for astral characters (emoji)
}

/**
 * Counts the segments `text` is sent as.
 * Example: 160 plain ASCII characters → 1 GSM-7 segment; 161 → 2; one emoji anywhere → UCS-2.
 */
export function countSmsSegments(text: string): SmsSegmentCount {
  const encoding = smsEncoding(text);
  const single = encoding === 'GSM-7' ? 160 : 70;
  const multi = encoding === 'GSM-7' ? 153 : 67;
  let units = 0;
  for (const ch of text) units += charUnits(ch, encoding);
  if (units === 0) return { encoding, units, segments: 0 };
  if (units <= single) return { encoding, units, segments: 1 };
  // Fill segments greedily, never splitting a two-unit character across a boundary.
  let segments = 1;
  let used = 0;
  for (const ch of text) {
    const n = charUnits(ch, encoding);
    if (used + n > multi) {
      segments += 1;
      used = 0;
    }
    used += n;
  }
  return { encoding, units, segments };
}

/**
 * Shortens `text` so that it fits in `maxSegments` segments, ending it with an ellipsis when cut
 * ('...' in GSM-7 so as not to force UCS-2; '…' in UCS-2). Text that already fits is returned unchanged.
 */
export function truncateToSegments(text: string, maxSegments = MAX_SMS_SEGMENTS): string {
  if (countSmsSegments(text).segments <= maxSegments) return text;
  const encoding = smsEncoding(text);
  const ellipsis = encoding === 'GSM-7' ? '...' : '…';
  const chars = Array.from(text);
  // Binary search the longest prefix that, with the ellipsis, still fits.
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    const candidate = chars.slice(0, mid).join('').trimEnd() + ellipsis;
    if (countSmsSegments(candidate).segments <= maxSegments) lo = mid;
    else hi = mid - 1;
  }
  return chars.slice(0, lo).join('').trimEnd() + ellipsis;
}
