import { beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import type { AssistantEvent, AssistantMessage } from '#shared/ai';
import type { RuntimeConfig } from '#shared/runtime-config';
import { rootPerTest } from '../../../components/testing/dom.ts';
import { jsonResponse } from '../../../components/testing/fake-api.ts';
import { ConfigProvider } from '../../../config/config-context.tsx';
import { ApiError, initApiClient } from '../../../lib/api-client.ts';
import type { SocketClient } from '../../../lib/socket-client.ts';

notifyManager.setScheduler((callback) => callback());

let useAssistant: typeof import('./use-assistant.ts').useAssistant;

beforeAll(async () => {
  ({ useAssistant } = await import('./use-assistant.ts'));
});

/** A socket the test pushes frames into; it records who listens. */
function fakeSocket() {
  const listeners = new Set<(message: unknown) => void>();
  const socket: SocketClient = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onStatus: () => () => undefined,
    status: () => 'open',
  };
  const push = (message: unknown) =>
    act(async () => {
      for (const listener of listeners) listener(message);
    });
  return { socket, listeners, push };
}

const stored: AssistantMessage[] = [
  { role: 'user', content: 'Earlier question', createdAt: '2026-11-25T10:00:00.000Z' },
  { role: 'assistant', content: 'Earlier answer', createdAt: '2026-11-25T10:00:01.000Z' },
];
const reply: AssistantMessage = {
  role: 'assistant',
  content: 'Lead with your result.',
  createdAt: '2026-11-25T10:01:00.000Z',
};

let answer: { resolve: (response: Response) => void } | null;
let asked: { requestId: string; message: string }[];
let state: ReturnType<typeof useAssistant>;
let socket: ReturnType<typeof fakeSocket>;
const dom = rootPerTest();

const respond = jsonResponse;

function Probe() {
  state = useAssistant('r1', { socket: socket.socket });
  return null;
}

async function mount() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    dom.root.render(
      <ConfigProvider config={{ wsUrl: 'ws://test/ws' } as RuntimeConfig}>
        <QueryClientProvider client={queryClient}>
          <Probe />
        </QueryClientProvider>
      </ConfigProvider>,
    ),
  );
}

const frame = (overrides: Partial<AssistantEvent> & { type: AssistantEvent['type'] }) =>
  ({ resumeId: 'r1', requestId: asked[0]?.requestId, ...overrides }) as AssistantEvent;

let engine: 'claude' | 'local' = 'claude';

beforeEach(() => {
  engine = 'claude';
  answer = null;
  asked = [];
  socket = fakeSocket();
  initApiClient({
    baseUrl: '/api',
    getAccessToken: async () => 'token',
    fetch: async (requested, init) => {
      const path = String(requested).replace(/^\/api/, '');
      if (path === '/assistant/r1' && (init?.method ?? 'GET') === 'GET')
        return respond(200, { data: { messages: stored, engine } });
      if (path === '/assistant/r1' && init?.method === 'DELETE') return respond(204, null);
      if (path === '/assistant/r1/messages') {
        asked.push(JSON.parse(String(init?.body)));
        return new Promise<Response>((resolve) => {
          answer = { resolve };
        });
      }
      return respond(404, { error: { code: 'NOT_FOUND', message: 'no' } });
    },
  });
});

describe('useAssistant', () => {
  it('shows the streamed pieces in order as they arrive, then keeps the whole HTTP answer in the history', async () => {
    await mount();
    expect(state.conversation.data).toEqual(stored);
    expect(socket.listeners.size).toBe(1);

    await act(async () => state.ask('  How do I open my summary?  '));
    expect(asked).toEqual([
      { message: 'How do I open my summary?', requestId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) },
    ]);
    expect(socket.listeners.size).toBe(1);
    expect(state.pending?.question.content).toBe('How do I open my summary?');
    expect(state.streamed).toBe('');

    await socket.push(frame({ type: 'assistant.delta', seq: 1, text: 'your result.' }));
    expect(state.streamed).toBe('');
    await socket.push(frame({ type: 'assistant.delta', seq: 0, text: 'Lead with ' }));
    await socket.push(frame({ type: 'assistant.delta', seq: 0, text: 'ignored', requestId: 'someone-else' }));
    expect(state.streamed).toBe('Lead with your result.');

    await act(async () => answer?.resolve(respond(200, { data: { message: reply } })));

    expect(state.pending).toBeNull();
    expect(state.conversation.data?.map((m) => m.content)).toEqual([
      'Earlier question',
      'Earlier answer',
      'How do I open my summary?',
      'Lead with your result.',
    ]);
    // Still listening for the next question, until the page goes.
    expect(socket.listeners.size).toBe(1);
    await act(async () => dom.root.render(null));
    expect(socket.listeners.size).toBe(0);
  });

  it('says which engine answers: the basic offline one, or Claude', async () => {
    engine = 'local';
    await mount();
    expect(state.engine).toBe('local');

    await act(async () => state.clear());

    expect(state.conversation.data).toEqual([]);
    expect(state.engine).toBe('local');
  });

  it('gets the answer from HTTP alone when no piece arrives over the socket', async () => {
    await mount();
    await act(async () => state.ask('Hi'));
    await act(async () => answer?.resolve(respond(200, { data: { message: reply } })));
    expect(state.conversation.data?.at(-1)).toEqual(reply);
    expect(state.failed).toBeNull();
  });

  it('keeps the failed question with its error code, for the page to word and to ask again', async () => {
    await mount();
    await act(async () => state.ask('Hi'));
    await act(async () =>
      answer?.resolve(respond(502, { error: { code: 'AI_BAD_ANSWER', message: 'bad' } })),
    );

    expect(state.pending).toBeNull();
    expect(state.failed?.question.content).toBe('Hi');
    expect(state.failed?.error).toBeInstanceOf(ApiError);
    expect(state.failed?.error).toMatchObject({ code: 'AI_BAD_ANSWER' });
    expect(state.conversation.data).toEqual(stored);
  });
});
