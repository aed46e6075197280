/** The builder's entry to the AI feature: only the suggestion button (the pages stay out of its chunk). */
export { SuggestionsButton, type SuggestionsButtonProps } from './components/suggestions-button.tsx';
