import {
  NotificationListQuerySchema,
  NotificationPageSchema,
  NotificationPreferencesInputSchema,
  NotificationPreferencesResponseSchema,
  NotificationReadInputSchema,
  NotificationReadResponseSchema,
  NotificationUnreadSchema,
} from '@hr/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth';
import type { NotificationsService } from './notifications.service';

/**
 * The signed-in user's notifications (spec section 7: GET notification, PUT notification/read),
 * the unread count for the header and the mail preferences. Reading and marking one's own
 * notifications is part of viewing them; choosing mails changes a setting (edit).
 */
export function notificationsRoutes(app: FastifyInstance, deps: { notifications: NotificationsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  const svc = deps.notifications;

  r.get(
    '/api/notification',
    {
      config: { permission: 'employee_notifications.view' },
      schema: { tags, querystring: NotificationListQuerySchema, response: { 200: NotificationPageSchema } },
    },
    async (request) => {
      const q = request.query;
      const { rows, total, unread } = await svc.list(actorOf(request), q);
      return {
        status: 200,
        message: 'ok',
        data: rows,
        meta: { totalCount: total, page: q.page, records: q.records, unreadCount: unread },
      };
    },
  );

  r.get(
    '/api/notification/unread-count',
    {
      config: { permission: 'employee_notifications.view' },
      schema: { tags, response: { 200: NotificationUnreadSchema } },
    },
    async (request) => ({ status: 200, message: 'ok', data: { unread: await svc.unread(actorOf(request)) } }),
  );

  r.put(
    '/api/notification/read',
    {
      config: { permission: 'employee_notifications.view' },
      schema: { tags, body: NotificationReadInputSchema, response: { 200: NotificationReadResponseSchema } },
    },
    async (request) => ({
      status: 200,
      message: request.body.all ? 'All notifications marked read' : 'Notification marked read',
      data: await svc.markRead(actorOf(request), request.body),
    }),
  );

  r.get(
    '/api/notification/preferences',
    {
      config: { permission: 'employee_notifications.view' },
      schema: { tags, response: { 200: NotificationPreferencesResponseSchema } },
    },
    async (request) => ({ status: 200, message: 'ok', data: await svc.preferences(actorOf(request)) }),
  );

  r.put(
    '/api/notification/preferences',
    {
      config: { permission: 'employee_notifications.edit' },
      schema: {
        tags,
        body: NotificationPreferencesInputSchema,
        response: { 200: NotificationPreferencesResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Mail preferences saved',
      data: await svc.savePreferences(actorOf(request), request.body),
    }),
  );
}
