import type { FastifyInstance, FastifyRequest } from 'fastify';
import { inboundSmsSchema } from '../../core/contracts/sms.ts';
import type { ServerContext } from '../context.ts';
import { forbidden, parseInput } from '../http/errors.ts';
import { rateLimited } from '../http/rate-limit.ts';
import { route } from '../http/route.ts';
import { handleInboundSms } from './service.ts';
import {
  type WebhookParams,
  isValidTwilioRequest,
  parseFormBody,
  signedUrl,
  twimlReply,
} from './twilio-webhook.ts';

export const SMS_WEBHOOK_PATH = '/api/sms/inbound';

/** Texts one number may send per window before it gets 429s (and no replies): a runaway phone or a loop. */
export const SMS_RATE_LIMIT = { max: 10, windowMs: 60_000 };
export const SMS_RATE_LIMIT_MESSAGE = 'Too many messages. Please wait a minute and try again.';

/** The form fields, parsed by this plugin's content-type parser (an object of strings or string arrays). */
function formParams(request: FastifyRequest): WebhookParams {
  const body: unknown = request.body;
  if (typeof body !== 'object' || body === null) return {};
  const params: WebhookParams = {};
  for (const [name, value] of Object.entries(body)) {
    if (typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string'))) {
      params[name] = value;
    }
  }
  return params;
}

/** First value of a form field (the rate-limit key), '' when absent. */
function field(params: WebhookParams, name: string): string {
  const value = params[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/**
 * `POST /api/sms/inbound`: Twilio's inbound-message webhook (issue 9), answered with TwiML.
 *
 * In order: the `X-Twilio-Signature` is checked (403 and nothing stored when it is missing or wrong, or when
 * no `TWILIO_AUTH_TOKEN` is configured: never fail open); then the sender is rate-limited
 * (`SMS_RATE_LIMIT` per From number; 429); then the form is validated (400); then `handleInboundSms` decides
 * the reply. The form-encoded body parser is registered for this route's scope only.
 */
export function registerAssistantRoutes(app: FastifyInstance, ctx: ServerContext): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, parseFormBody(typeof body === 'string' ? body : body.toString('utf8')));
      },
    );

    const verifySignature = async (request: FastifyRequest) => {
      const url = signedUrl(ctx.config, request.url);
      if (
        !isValidTwilioRequest(ctx.config, request.headers['x-twilio-signature'], url, formParams(request))
      ) {
        request.log.warn(
          { configured: Boolean(ctx.config.TWILIO_AUTH_TOKEN) },
          'inbound SMS refused: bad signature',
        );
        throw forbidden('Invalid Twilio signature.');
      }
    };
    const limitSenders = rateLimited(
      scope,
      [
        {
          name: 'sms:from',
          max: SMS_RATE_LIMIT.max,
          windowMs: SMS_RATE_LIMIT.windowMs,
          key: (request) => field(formParams(request), 'From'),
        },
      ],
      SMS_RATE_LIMIT_MESSAGE,
    );

    route(
      scope,
      {
        method: 'POST',
        url: SMS_WEBHOOK_PATH,
        summary: 'Twilio’s inbound-message webhook: the SMS assistant (docs/assistant.md).',
        auth: 'twilio',
        body: inboundSmsSchema,
        bodyType: 'application/x-www-form-urlencoded',
        // The form's fields are picked from the signed parameters first (empty ones dropped), then validated.
        parsesItself: true,
        options: { preHandler: [verifySignature, limitSenders], config: { systemScope: 'sms-webhook' } },
        responses: { 200: { description: 'TwiML with the reply.', contentType: 'text/xml' } },
      },
      async (_input, request, reply) => {
        const params = formParams(request);
        const input = parseInput(inboundSmsSchema, {
          From: field(params, 'From') || undefined,
          To: field(params, 'To'),
          Body: field(params, 'Body'),
          MessageSid: field(params, 'MessageSid') || undefined,
        });
        const text = await handleInboundSms(ctx, {
          from: input.From,
          to: input.To,
          body: input.Body,
          messageSid: input.MessageSid,
        });
        return reply.type('text/xml; charset=utf-8').send(twimlReply(text));
      },
    );
  });
}
