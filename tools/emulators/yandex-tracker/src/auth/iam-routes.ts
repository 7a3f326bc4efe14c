/**
 * `POST /iam/v1/tokens` on the emulator's origin (iam.api.cloud.yandex.net in production, so a
 * client configured with an IAM base URL builds the same path): `{"jwt": "…"}` →
 * `{iamToken, expiresAt}`, or the gRPC gateway's error body (iam-service.ts).
 */
import type { FakeRoutes } from '@toolsmith/testing';
import { IamError, type IamService } from './iam-service.ts';

export const IAM_TOKENS_PATH = '/iam/v1/tokens';

export function iamRoutes(iam: IamService): FakeRoutes {
  return {
    [`POST ${IAM_TOKENS_PATH}`]: async (request) => {
      let body = request.body;
      if (typeof body === 'string') {
        try {
          body = JSON.parse(body) as unknown;
        } catch {
          body = undefined;
        }
      }
      try {
        return { json: await iam.exchange(body) };
      } catch (error) {
        if (error instanceof IamError) return { status: error.status, json: error.toJson() };
        throw error;
      }
    },
  };
}
