import type { Store } from './store.ts';
import type { StripeEventType, StripeObject } from './types.ts';

/** What the stand-in's parts share: the store, the webhook queue and where its pages are. */
export interface StripeContext {
  store: Store;
  /** Write the store (after each change). */
  save: () => void;
  /** Send an event; a page awaits its delivery, an API call does not. */
  emit: (type: StripeEventType, object: StripeObject) => Promise<void>;
  /** The app's origin, without a trailing slash: the pages' links back and their CSP's form-action. */
  appOrigin: string;
  /** The pages' address as browsers reach them (set once the server listens). */
  publicUrl: string;
  /** The path prefix of publicUrl ('' when the pages are at the root): links and form actions carry it. */
  basePath: string;
}
