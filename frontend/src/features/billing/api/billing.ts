import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CancelRequest,
  CheckoutRequest,
  PortalRequest,
  SubscriptionResponse,
  SubscriptionView,
  SyncResponse,
} from '#shared/billing';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey } from '../../../lib/get-me.ts';

/** Query keys of the billing endpoints; WebSocket pushes write into these. */
export const billingKeys = {
  all: ['billing'] as const,
  subscription: () => [...billingKeys.all, 'subscription'] as const,
};

/** GET /billing/subscription: the view of the user's plan, and billing info for Pro users only. */
export async function getSubscription(signal?: AbortSignal): Promise<SubscriptionResponse> {
  const { data } = await api.get<{ data: SubscriptionResponse }>('billing/subscription', { signal });
  return data;
}

export const getSubscriptionQueryOptions = () =>
  queryOptions({ queryKey: billingKeys.subscription(), queryFn: ({ signal }) => getSubscription(signal) });

export function useSubscriptionQuery(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getSubscriptionQueryOptions(), enabled: options.enabled ?? true });
}

/** POST /billing/checkout: the payment page to send the browser to. */
export async function startCheckout(body: CheckoutRequest): Promise<string> {
  const { data } = await api.post<{ data: { url: string } }>('billing/checkout', body);
  return data.url;
}

/** POST /billing/portal: the billing portal's address. */
export async function openPortal(body: PortalRequest): Promise<string> {
  const { data } = await api.post<{ data: { url: string } }>('billing/portal', body);
  return data.url;
}

export async function cancelSubscription(body: CancelRequest): Promise<SubscriptionView> {
  const { data } = await api.post<{ data: SubscriptionView }>('billing/cancel', body);
  return data;
}

export async function reactivateSubscription(): Promise<SubscriptionView> {
  const { data } = await api.post<{ data: SubscriptionView }>('billing/reactivate', {});
  return data;
}

export async function requestRefund(): Promise<SubscriptionView> {
  const { data } = await api.post<{ data: SubscriptionView }>('billing/refund', {});
  return data;
}

export async function syncSubscription(): Promise<SyncResponse> {
  const { data } = await api.post<{ data: SyncResponse }>('billing/sync', {});
  return data;
}

/**
 * A new view of the subscription (an answer or a push): written into the cached overview, and /me read
 * again, since every Pro-only screen (PDF download, AI limits, resume limit) decides from it.
 */
export function applySubscriptionView(queryClient: QueryClient, view: SubscriptionView): void {
  const cached = queryClient.getQueryData<SubscriptionResponse>(billingKeys.subscription());
  if (cached) {
    queryClient.setQueryData<SubscriptionResponse>(billingKeys.subscription(), {
      ...cached,
      subscription: view,
      // Billing info is sent to Pro users only; without access it is hidden at once.
      billingInfo: view.hasProAccess || view.cancelledButValid ? cached.billingInfo : null,
    });
  }
  // The overview is read again as well (billing info may have appeared with the purchase).
  void queryClient.invalidateQueries({ queryKey: billingKeys.subscription() });
  void queryClient.invalidateQueries({ queryKey: meQueryKey });
}

function useViewMutation<TVariables>(fn: (variables: TVariables) => Promise<SubscriptionView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (view) => applySubscriptionView(queryClient, view),
  });
}

export const useCancelSubscription = () => useViewMutation(cancelSubscription);
export const useReactivateSubscription = () => useViewMutation(reactivateSubscription);
export const useRequestRefund = () => useViewMutation(requestRefund);

export function useSyncSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncSubscription,
    onSuccess: (result) => applySubscriptionView(queryClient, result.subscription),
  });
}

export function usePortal() {
  return useMutation({ mutationFn: openPortal });
}
