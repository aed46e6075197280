import { checkRateLimit } from '../domain/ai/rate-limit.ts';
import { createPhotoUpload, photoUploadSchema, readPhoto } from '../domain/photos.ts';
import { binary, json, pathParam } from '../lib/http.ts';
import { parseBody } from '../lib/validate.ts';
import { apiHandler, byRouteKey } from '../runtime/api-handler.ts';

export const handler = apiHandler(
  byRouteKey({
    'POST /api/photos': async (event) => {
      const request = parseBody(photoUploadSchema, event.json ?? {});
      await checkRateLimit(event.caller.sub, 'photos');
      return json(200, { data: await createPhotoUpload(event.caller.sub, request) });
    },
    'GET /api/photos/{photoId}': async (event) => {
      const photo = await readPhoto(event.caller.sub, pathParam(event, 'photoId'));
      return binary(200, photo.bytes, photo.contentType, { 'cache-control': 'private, max-age=300' });
    },
  }),
  { auth: 'user' },
);
