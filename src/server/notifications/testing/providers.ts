import type { ChannelProviders } from '../providers/from-config.ts';
import { createSmtpProvider } from '../providers/smtp.ts';
import { createTwilioProvider } from '../providers/twilio.ts';
import type { FakeTwilio } from './fake-twilio.ts';
import type { SmtpSink } from './smtp-sink.ts';

/**
 * The real e-mail and SMS providers pointed at this process's SMTP sink and Twilio fake, for tests that run the
 * dispatcher end to end (no send-rate limit, 2 s SMTP timeout).
 */
export function testProviders(smtp: SmtpSink, twilio: FakeTwilio): ChannelProviders {
  return {
    email: createSmtpProvider({
      url: smtp.url,
      from: 'FamilyHub <no-reply@familyhub.test>',
      messageIdDomain: 'familyhub.test',
      timeoutMs: 2000,
    }),
    sms: createTwilioProvider({
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      from: twilio.from,
      baseUrl: twilio.baseUrl,
      sendsPerSecond: 0,
    }),
  };
}
