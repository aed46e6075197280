import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { type FunctionName, functions } from '../app-manifest.ts';

// biome-ignore lint/suspicious/noExplicitAny: handlers take events of many shapes
export type LambdaHandler = (event: any, context: Context) => Promise<any>;

const root = resolve(import.meta.dirname, '../..');
const loaded = new Map<string, Promise<LambdaHandler>>();

/** Load a manifest function's `handler` from its entry file, once, as Lambda would on a cold start. */
export function loadHandler(name: FunctionName): Promise<LambdaHandler> {
  let handler = loaded.get(name);
  if (!handler) {
    const entry = pathToFileURL(resolve(root, functions[name].entry)).href;
    handler = import(entry).then((module: { handler?: LambdaHandler }) => {
      if (typeof module.handler !== 'function')
        throw new Error(`${functions[name].entry} exports no handler`);
      return module.handler;
    });
    loaded.set(name, handler);
  }
  return handler;
}

/** A Lambda context with the manifest's timeout. */
export function lambdaContext(name: string, timeoutSeconds: number): Context {
  const deadline = Date.now() + timeoutSeconds * 1000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${name}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** Invoke a manifest function with an event, the way its event source would, within its timeout. */
export async function invoke(name: FunctionName, event: unknown): Promise<unknown> {
  const handler = await loadHandler(name);
  const { timeoutSeconds } = functions[name];
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${name}: Task timed out after ${timeoutSeconds} seconds`)),
      timeoutSeconds * 1000,
    );
  });
  try {
    return await Promise.race([handler(event, lambdaContext(name, timeoutSeconds)), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether a name is one of the manifest's functions. */
export function isFunctionName(name: string): name is FunctionName {
  return Object.hasOwn(functions, name);
}
