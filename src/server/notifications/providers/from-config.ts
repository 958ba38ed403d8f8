import type { Config } from '../../config.ts';
import { createLogProvider, type LogSink } from './log.ts';
import type { Provider } from './provider.ts';
import { createSmtpProvider } from './smtp.ts';
import { createTwilioProvider } from './twilio.ts';
import type { SendSlots } from '../send-slots.ts';
import { allowedOrigins } from './push-endpoints.ts';
import { createWebPushProvider } from './webpush.ts';
import { vapidKeys } from './vapid.ts';

/** The provider for each channel. */
export interface ChannelProviders {
  email: Provider;
  sms: Provider;
  /** Web Push (issue 41); absent: the log provider. */
  push?: Provider;
}

/**
 * Chooses providers from configuration: SMTP when `SMTP_URL` is set, Twilio when `TWILIO_ACCOUNT_SID`,
 * `TWILIO_AUTH_TOKEN` and `TWILIO_FROM` are all set; otherwise the log provider for that channel. Web Push
 * always goes out for real (it needs no account: the VAPID keys, `vapidKeys`). `slots`
 * (`sharedSendSlots`) keeps the SMS pace per sending number across processes.
 */
export function providersFromConfig(config: Config, sink?: LogSink, slots?: SendSlots): ChannelProviders {
  const email = config.SMTP_URL
    ? createSmtpProvider({
        url: config.SMTP_URL,
        from: config.MAIL_FROM,
        messageIdDomain: new URL(config.PUBLIC_URL).hostname,
      })
    : createLogProvider('email', sink);
  const sms =
    config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM
      ? createTwilioProvider({
          accountSid: config.TWILIO_ACCOUNT_SID,
          authToken: config.TWILIO_AUTH_TOKEN,
          from: config.TWILIO_FROM,
          baseUrl: config.TWILIO_BASE_URL,
          sendsPerSecond: config.SMS_SENDS_PER_SECOND,
          slots,
        })
      : createLogProvider('sms', sink);
  const push = createWebPushProvider({
    vapid: vapidKeys(config),
    allowedOrigins: allowedOrigins(config.WEB_PUSH_ALLOWED_ORIGINS),
  });
  return { email, sms, push };
}

/** Which channels have a real provider (not the log): SMTP for e-mail, the three Twilio settings for SMS. */
export function configuredChannels(config: Config): { email: boolean; sms: boolean } {
  return {
    email: Boolean(config.SMTP_URL),
    sms: Boolean(config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM),
  };
}
