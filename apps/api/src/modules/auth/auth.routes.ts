import {
  ChangePasswordBodySchema,
  ForgotPasswordBodySchema,
  LoginBodySchema,
  LoginResponseSchema,
  LogoutBodySchema,
  MeResponseSchema,
  MessageSchema,
  OtpVerifyBodySchema,
  OtpVerifyResponseSchema,
  RefreshBodySchema,
  RefreshResponseSchema,
  ResetPasswordBodySchema,
} from '@hr/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth';
import { type AuthService, FORGOT_MESSAGE, type RequestContext } from './auth.service';

const ctxOf = (request: FastifyRequest): RequestContext => ({
  ip: request.ip,
  userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
  requestId: request.id,
});

export function authRoutes(app: FastifyInstance, deps: { auth: AuthService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth } = deps;
  const tags = ['auth'];

  r.post(
    '/api/auth/login',
    {
      config: { permission: 'public' },
      schema: { tags, body: LoginBodySchema, response: { 200: LoginResponseSchema } },
    },
    async (request) => {
      const data = await auth.login(request.body, ctxOf(request));
      const message = 'otp_required' in data ? 'A one-time code was sent to your email' : 'Signed in';
      return { status: 200, message, data };
    },
  );

  r.post(
    '/api/auth/otp-verify',
    {
      config: { permission: 'public' },
      schema: { tags, body: OtpVerifyBodySchema, response: { 200: OtpVerifyResponseSchema } },
    },
    async (request) => ({
      status: 200,
      message: 'Signed in',
      data: await auth.verifyOtp(request.body, ctxOf(request)),
    }),
  );

  r.post(
    '/api/auth/refresh',
    {
      config: { permission: 'public' },
      schema: { tags, body: RefreshBodySchema, response: { 200: RefreshResponseSchema } },
    },
    async (request) => ({
      status: 200,
      message: 'Token refreshed',
      data: await auth.refresh(request.body.refresh_token),
    }),
  );

  r.post(
    '/api/auth/logout',
    {
      config: { permission: 'authenticated' },
      // The body is optional: the session comes from the access token. Fastify hands a request
      // without one (or with an empty JSON body) to validation as null, hence nullish.
      schema: { tags, body: LogoutBodySchema.nullish(), response: { 200: MessageSchema } },
    },
    async (request) => {
      await auth.logout(actorOf(request));
      return { status: 200, message: 'Signed out', data: null };
    },
  );

  r.get(
    '/api/auth/me',
    { config: { permission: 'authenticated' }, schema: { tags, response: { 200: MeResponseSchema } } },
    async (request) => ({ status: 200, message: 'ok', data: await auth.me(actorOf(request)) }),
  );

  r.post(
    '/api/auth/forgot-password',
    {
      config: { permission: 'public' },
      schema: { tags, body: ForgotPasswordBodySchema, response: { 200: MessageSchema } },
    },
    async (request) => {
      await auth.forgotPassword(request.body.email);
      return { status: 200, message: FORGOT_MESSAGE, data: null };
    },
  );

  r.post(
    '/api/auth/reset-password',
    {
      config: { permission: 'public' },
      schema: { tags, body: ResetPasswordBodySchema, response: { 200: MessageSchema } },
    },
    async (request) => {
      await auth.resetPassword(request.body, ctxOf(request));
      return { status: 200, message: 'Your password has been reset; sign in with the new one', data: null };
    },
  );

  r.post(
    '/api/auth/change-password',
    {
      config: { permission: 'authenticated' },
      schema: { tags, body: ChangePasswordBodySchema, response: { 200: MessageSchema } },
    },
    async (request) => {
      await auth.changePassword(actorOf(request), request.body);
      return { status: 200, message: 'Password changed; other sessions were signed out', data: null };
    },
  );
}
