export { AssistantPage } from './components/assistant-page.tsx';
export { TailoringPage } from './components/tailoring-page.tsx';
export { loadAiMessages } from './messages.ts';
