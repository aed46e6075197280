import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { env, type FunctionName } from '#functions/contract';
import { functions } from '../app-manifest.ts';
import { environmentNames } from '../manifest-rules.ts';

// biome-ignore lint/suspicious/noExplicitAny: handlers take events of many shapes
export type LambdaHandler = (event: any, context: Context) => Promise<any>;

const root = resolve(import.meta.dirname, '../..');
const loaded = new Map<string, Promise<LambdaHandler>>();

/** The function whose code is running, through every await of its invocation (and its module loading). */
const running = new AsyncLocalStorage<FunctionName>();
const manifestVariables = new Set<string>(Object.values(env));
const granted = new Map<FunctionName, Set<string>>();
let isolated = false;

/** Whether the running function, if any, must not see a variable: a manifest one its grants do not give it. */
function hidden(key: string | symbol): boolean {
  const name = running.getStore();
  if (name === undefined || typeof key !== 'string' || !manifestVariables.has(key)) return false;
  let names = granted.get(name);
  if (!names) {
    names = new Set(environmentNames(name));
    granted.set(name, names);
  }
  return !names.has(key);
}

/**
 * All functions share this process, and the local cloud puts every manifest variable in process.env. In
 * AWS a function sees only what its grants set, so a missing grant would pass here and fail when deployed;
 * this view hides the other manifest variables from the running function. Code outside an invocation (the
 * emulators, the gateway) still sees everything; variables that are not the manifest's (AWS_*, PATH, ...)
 * are the runtime's and stay visible, as Lambda provides its own.
 */
function isolateEnvironment(): void {
  if (isolated) return;
  isolated = true;
  process.env = new Proxy(process.env, {
    get: (target, key) => (hidden(key) ? undefined : Reflect.get(target, key)),
    has: (target, key) => !hidden(key) && Reflect.has(target, key),
    ownKeys: (target) => Reflect.ownKeys(target).filter((key) => !hidden(key)),
    getOwnPropertyDescriptor: (target, key) =>
      hidden(key) ? undefined : Reflect.getOwnPropertyDescriptor(target, key),
  });
}

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
export function invoke(name: FunctionName, event: unknown): Promise<unknown> {
  return asFunction(name, () => invokeAs(name, event));
}

/** Run code as a manifest function: process.env shows it only the manifest variables its grants give it. */
export function asFunction<T>(name: FunctionName, run: () => T): T {
  isolateEnvironment();
  return running.run(name, run);
}

async function invokeAs(name: FunctionName, event: unknown): Promise<unknown> {
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
