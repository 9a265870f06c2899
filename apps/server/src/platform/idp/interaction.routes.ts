import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { recordAudit } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import { verifyCredentials } from './idp.repository.ts';
import { LOGIN_CSS, renderLoginPage } from './login-page.ts';
import { createFailedSignInRecorder } from './sign-in-audit.ts';

const uidParams = z.object({ uid: z.string().min(1).max(200) });
const loginBody = z.object({ email: z.string().max(320), password: z.string().max(500) });

const INCORRECT = 'Email or password is incorrect.';

/** The sign-in interaction of the embedded provider: a login form posting back here. */
export async function registerInteractionRoutes(app: FastifyInstance, provider: Provider, db: Db): Promise<void> {
  await app.register(formbody);
  await app.register(rateLimit, { global: false });
  const recordFailedSignIn = await createFailedSignInRecorder(db);
  const { demo } = app.config;

  app.get('/interaction/login.css', { config: { public: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(LOGIN_CSS),
  );

  app.get(
    '/interaction/:uid',
    { config: { public: true }, schema: { params: uidParams, hide: true } },
    async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderLoginPage({ uid: details.uid, demo }));
    },
  );

  app.post(
    '/interaction/:uid/login',
    {
      // DESIGN §7: rate-limit sign-in.
      config: { public: true, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { params: uidParams, body: loginBody, hide: true },
    },
    async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      const { email, password } = request.body as z.infer<typeof loginBody>;
      const check = await verifyCredentials(db, email, password);
      if (!check.ok) {
        await recordFailedSignIn({ userId: check.userId, email, ip: request.ip, requestId: request.id });
        // The typed email goes back into the form only, so the user can correct it; no cache keeps it.
        return reply
          .status(401)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(renderLoginPage({ uid: details.uid, email, error: INCORRECT, demo }));
      }
      const { account } = check;
      await recordAudit(db, {
        actorId: account.id,
        action: 'auth.sign_in',
        entity: 'user',
        entityId: account.id,
        ip: request.ip,
        requestId: request.id,
      });
      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { login: { accountId: account.id } },
        {
          mergeWithLastSubmission: false,
        },
      );
    },
  );
}
