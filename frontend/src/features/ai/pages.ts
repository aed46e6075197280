/** The assistant's and tailoring's pages, for their routes: apart from index.ts, so the builder never loads them. */
export { AssistantPage } from './components/assistant-page.tsx';
export { TailoringPage } from './components/tailoring-page.tsx';
export { loadAiMessages } from './messages.ts';
