import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the Anthropic Messages API on loopback: `POST /v1/messages`, answering in the real wire
 * format (a JSON message, or server-sent events when the request says `stream: true`), scripted per test
 * with a queue of behaviours, and recording every request for assertions. The SDK talks to it unchanged
 * through its `baseURL`.
 */

export type FakeBehaviour =
  /** A text answer; streamed as one `text_delta` per chunk, `chunkDelayMs` apart. */
  | { kind: 'text'; text: string | string[]; stopReason?: StopReason; chunkDelayMs?: number }
  /** A `tool_use` block; streamed as `input_json_delta` pieces of its JSON. */
  | { kind: 'tool'; name: string; input: unknown; stopReason?: StopReason }
  /** An API error: 429 (rate_limit_error), 529 (overloaded_error), 500 (api_error), ... */
  | {
      kind: 'error';
      status: number;
      retryAfter?: string;
      retryAfterMs?: number;
      headers?: Record<string, string>;
    }
  /** Nothing for `delayMs` (headers included), then `next` (default: a short text answer). */
  | { kind: 'slow'; delayMs: number; next?: FakeBehaviour }
  /** A 200 whose body is not valid JSON (or, streamed, an event whose data is not). */
  | { kind: 'malformed' }
  /** Streamed: the message starts and `chunks` are sent, then the connection is dropped. */
  | { kind: 'cut'; chunks: string[] }
  /** Streamed: the message starts, then an `event: error` (e.g. overloaded mid-stream). */
  | { kind: 'streamError'; chunks?: string[]; errorType: string };

type StopReason = 'end_turn' | 'max_tokens' | 'refusal' | 'tool_use' | 'stop_sequence';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body. */
  // biome-ignore lint/suspicious/noExplicitAny: the request body as the SDK sent it
  body: any;
  raw: string;
  /** When it arrived (ms since the epoch). */
  at: number;
}

export interface FakeAnthropic {
  /** Base URL for the SDK (`http://127.0.0.1:{port}`). */
  url: string;
  requests: RecordedRequest[];
  /** Queue behaviours, answered in order, one per request. */
  enqueue(...behaviours: FakeBehaviour[]): void;
  /** Behaviours not yet used. */
  pending(): number;
  close(): Promise<void>;
}

const errorTypes: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  503: 'api_error',
  529: 'overloaded_error',
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
// Unref'd: a slow answer nobody waits for any more must not keep the test process alive.
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

function messageShell(model: string) {
  return {
    id: id('msg'),
    type: 'message',
    role: 'assistant',
    model,
    content: [] as unknown[],
    stop_reason: null as string | null,
    stop_sequence: null,
    usage: { input_tokens: 42, output_tokens: 1 },
  };
}

function blockOf(behaviour: Extract<FakeBehaviour, { kind: 'text' | 'tool' }>) {
  return behaviour.kind === 'text'
    ? { type: 'text', text: [behaviour.text].flat().join('') }
    : { type: 'tool_use', id: id('toolu'), name: behaviour.name, input: behaviour.input };
}

function sse(res: ServerResponse, event: string, data: unknown): void {
  res.write(`event: ${event}\ndata: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
}

function startStream(res: ServerResponse, model: string): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'request-id': id('req'),
  });
  sse(res, 'message_start', { type: 'message_start', message: messageShell(model) });
}

async function streamText(res: ServerResponse, index: number, chunks: string[], delayMs = 0): Promise<void> {
  sse(res, 'content_block_start', {
    type: 'content_block_start',
    index,
    content_block: { type: 'text', text: '' },
  });
  sse(res, 'ping', { type: 'ping' });
  for (const [i, text] of chunks.entries()) {
    if (delayMs > 0 && i > 0) await sleep(delayMs);
    sse(res, 'content_block_delta', {
      type: 'content_block_delta',
      index,
      delta: { type: 'text_delta', text },
    });
  }
}

async function answer(
  behaviour: FakeBehaviour,
  request: RecordedRequest,
  res: ServerResponse,
  closed: () => boolean,
): Promise<void> {
  const streaming = request.body?.stream === true;
  const model = String(request.body?.model ?? 'claude-test');

  switch (behaviour.kind) {
    case 'slow': {
      await sleep(behaviour.delayMs);
      if (closed()) return;
      return answer(behaviour.next ?? { kind: 'text', text: 'late' }, request, res, closed);
    }
    case 'error': {
      const type = errorTypes[behaviour.status] ?? 'api_error';
      res.writeHead(behaviour.status, {
        'content-type': 'application/json',
        'request-id': id('req'),
        ...(behaviour.retryAfter !== undefined ? { 'retry-after': behaviour.retryAfter } : {}),
        ...(behaviour.retryAfterMs !== undefined ? { 'retry-after-ms': String(behaviour.retryAfterMs) } : {}),
        ...behaviour.headers,
      });
      res.end(
        JSON.stringify({ type: 'error', error: { type, message: `fake ${type}` }, request_id: id('req') }),
      );
      return;
    }
    case 'malformed': {
      if (streaming) {
        startStream(res, model);
        sse(res, 'content_block_start', '{"type":"content_block_start","index":0,');
        res.end();
      } else {
        res.writeHead(200, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end('{"id":"msg_x","type":"message","content":[{"type":"text","text":"');
      }
      return;
    }
    case 'cut': {
      startStream(res, model);
      await streamText(res, 0, behaviour.chunks);
      // Let the chunks reach the client before the connection drops.
      await sleep(20);
      res.socket?.destroy();
      return;
    }
    case 'streamError': {
      startStream(res, model);
      if (behaviour.chunks?.length) await streamText(res, 0, behaviour.chunks);
      sse(res, 'error', {
        type: 'error',
        error: { type: behaviour.errorType, message: `fake ${behaviour.errorType}` },
      });
      res.end();
      return;
    }
    case 'text':
    case 'tool': {
      const stopReason = behaviour.stopReason ?? (behaviour.kind === 'tool' ? 'tool_use' : 'end_turn');
      if (!streaming) {
        const message = messageShell(model);
        message.content = [blockOf(behaviour)];
        message.stop_reason = stopReason;
        message.usage.output_tokens = 17;
        res.writeHead(200, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(message));
        return;
      }
      startStream(res, model);
      if (behaviour.kind === 'text') {
        await streamText(res, 0, [behaviour.text].flat(), behaviour.chunkDelayMs);
      } else {
        const json = JSON.stringify(behaviour.input);
        sse(res, 'content_block_start', {
          type: 'content_block_start',
          index: 0,
          content_block: { type: 'tool_use', id: id('toolu'), name: behaviour.name, input: {} },
        });
        for (let i = 0; i < json.length; i += 16) {
          sse(res, 'content_block_delta', {
            type: 'content_block_delta',
            index: 0,
            delta: { type: 'input_json_delta', partial_json: json.slice(i, i + 16) },
          });
        }
      }
      sse(res, 'content_block_stop', { type: 'content_block_stop', index: 0 });
      sse(res, 'message_delta', {
        type: 'message_delta',
        delta: { stop_reason: stopReason, stop_sequence: null },
        usage: { output_tokens: 17 },
      });
      sse(res, 'message_stop', { type: 'message_stop' });
      res.end();
      return;
    }
  }
}

/**
 * The checks the real API makes before answering that matter to us (as a 400 invalid_request_error):
 * model, max_tokens, messages alternating from a user turn, a system prompt as text, and a JSON output
 * format with a schema. An adapter that stops sending one of them fails every test, as it would in use.
 */
export function requestProblem(body: unknown): string | null {
  if (!body || typeof body !== 'object') return 'body: not a JSON object';
  const b = body as Record<string, unknown>;
  if (typeof b.model !== 'string' || !b.model) return 'model: Field required';
  if (!Number.isInteger(b.max_tokens) || (b.max_tokens as number) < 1) return 'max_tokens: Field required';
  if (!Array.isArray(b.messages) || b.messages.length === 0)
    return 'messages: at least one message is required';
  for (const [i, m] of (b.messages as { role?: unknown; content?: unknown }[]).entries()) {
    if (m.role !== (i % 2 === 0 ? 'user' : 'assistant'))
      return `messages.${i}.role: roles must alternate from user`;
    if (typeof m.content !== 'string' && !Array.isArray(m.content))
      return `messages.${i}.content: Field required`;
  }
  if (b.system !== undefined && typeof b.system !== 'string' && !Array.isArray(b.system)) {
    return 'system: Input should be a valid string or list';
  }
  const format = (b.output_config as { format?: { type?: unknown; schema?: unknown } } | undefined)?.format;
  if (
    format &&
    (format.type !== 'json_schema' || typeof format.schema !== 'object' || format.schema === null)
  ) {
    return 'output_config.format: a json_schema format with a schema is required';
  }
  return null;
}

/** Start the fake on a random loopback port. */
export async function startFakeAnthropic(): Promise<FakeAnthropic> {
  const queue: FakeBehaviour[] = [];
  const requests: RecordedRequest[] = [];

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = undefined;
      }
      const path = (req.url ?? '').split('?')[0] ?? '';
      const request: RecordedRequest = {
        method: req.method ?? '',
        path,
        headers: req.headers,
        body,
        raw,
        at: Date.now(),
      };
      requests.push(request);
      if (req.method !== 'POST' || path !== '/v1/messages') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ type: 'error', error: { type: 'not_found_error', message: path } }));
        return;
      }
      const problem = requestProblem(body);
      if (problem) {
        res.writeHead(400, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(
          JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', message: problem } }),
        );
        return;
      }
      const behaviour = queue.shift() ?? { kind: 'error', status: 500 };
      let isClosed = false;
      res.on('close', () => {
        isClosed = true;
      });
      answer(behaviour, request, res, () => isClosed).catch(() => res.destroy());
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    enqueue: (...behaviours) => {
      queue.push(...behaviours);
    },
    pending: () => queue.length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
