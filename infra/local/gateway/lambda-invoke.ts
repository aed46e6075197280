import type { IncomingMessage, ServerResponse } from 'node:http';
import { invoke, isFunctionName } from '../functions.ts';
import { hasInvokeSecret, INVOKE_SECRET_HEADER } from '../invoke-secret.ts';
import { readBody } from '../read-body.ts';
import { MAX_PAYLOAD_BYTES } from './api.ts';
import { sendJson } from './send-json.ts';

/** Where the Lambda Invoke API takes a call: `POST /2015-03-31/functions/{name}/invocations`. */
export const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

/** The Lambda Invoke API, which cognito-local calls for triggers. */
export function createInvokeHandler(log: (message: string) => void) {
  return async function handleInvoke(req: IncomingMessage, res: ServerResponse, name: string) {
    // AWS answers an unsigned or unauthorised Invoke with 403 before looking at the function.
    if (!hasInvokeSecret(req.headers[INVOKE_SECRET_HEADER])) {
      sendJson(res, 403, { message: 'Forbidden' }, { 'x-amzn-errortype': 'AccessDeniedException' });
      return;
    }
    if (!isFunctionName(name)) {
      sendJson(res, 404, { Type: 'User', message: `Function not found: ${name}` });
      return;
    }
    const body = (await readBody(req, MAX_PAYLOAD_BYTES)) ?? Buffer.alloc(0);
    try {
      const result = await invoke(name, JSON.parse(body.toString('utf8') || '{}'));
      sendJson(res, 200, result ?? null, { 'x-amz-executed-version': '$LATEST' });
    } catch (error) {
      log(`function ${name} failed: ${(error as Error).message}`);
      sendJson(
        res,
        200,
        { errorType: (error as Error).name, errorMessage: (error as Error).message },
        { 'x-amz-function-error': 'Unhandled' },
      );
    }
  };
}
