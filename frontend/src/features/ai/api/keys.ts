/** Query keys of the AI endpoints. */
export const aiKeys = {
  all: ['ai'] as const,
  usage: () => [...aiKeys.all, 'usage'] as const,
  conversations: () => [...aiKeys.all, 'assistant'] as const,
  conversation: (resumeId: string) => [...aiKeys.conversations(), resumeId] as const,
};
