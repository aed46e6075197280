export { AssistantPage } from './components/assistant-page.tsx';
export { SuggestionsButton } from './components/suggestions-button.tsx';
export { TailoringPage } from './components/tailoring-page.tsx';
export { loadAiMessages, useAiMessages } from './messages.ts';
