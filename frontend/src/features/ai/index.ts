/** The AI feature to the others: the editor's suggestion button (its panel is fetched when first opened). */
export { SuggestionsButton } from './components/suggestions-button.tsx';
export type { SuggestionsButtonProps } from './components/suggestions-props.ts';
