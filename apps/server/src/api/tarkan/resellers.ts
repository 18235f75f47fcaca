import type { FastifyInstance } from 'fastify';
import { resellers } from '../../db/repositories/users.ts';
import { ClientError } from '../../domain/errors.ts';
import { isReseller, resellerSummaries } from '../../billing/resellers.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';

/** The /reseller screen: every reseller's figures for administrators, his own for a reseller. */
export function resellerRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const db = ctx.db.kysely;
  app.get('/tarkan/resellers', async (request) => {
    const caller = requireUser(request);
    if (caller.administrator) {
      return resellerSummaries(db, await resellers(db));
    }
    if (!isReseller(caller)) throw new ClientError('Reseller access required');
    return resellerSummaries(db, [caller]);
  });
}
