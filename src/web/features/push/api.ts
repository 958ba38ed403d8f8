import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PushSubscriptionDto,
  PushSubscriptionInput,
  VapidPublicKeyDto,
} from '../../../core/contracts/push.ts';
import { apiFetch } from '../../platform/api.ts';
import { accountQueryKey } from '../../common/query-keys.ts';

export const pushDevicesKey = ['push', 'subscriptions'] as const;

/** Issue 41 `GET /api/push/subscriptions`: the signed-in account's devices. */
export function usePushDevices() {
  return useQuery({
    queryKey: pushDevicesKey,
    queryFn: () => apiFetch<PushSubscriptionDto[]>('/api/push/subscriptions'),
  });
}

/** `GET /api/push/vapid-public-key`. */
export function fetchVapidPublicKey(): Promise<VapidPublicKeyDto> {
  return apiFetch<VapidPublicKeyDto>('/api/push/vapid-public-key');
}

/** `POST /api/push/subscriptions` with `PushSubscription.toJSON()`. */
export function saveSubscription(subscription: PushSubscriptionInput): Promise<PushSubscriptionDto> {
  return apiFetch<PushSubscriptionDto>('/api/push/subscriptions', { method: 'POST', body: subscription });
}

/** `DELETE /api/push/subscriptions/{id}`; refreshes the device list and Account Settings' "Your reminders". */
export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch(`/api/push/subscriptions/${id}`, { method: 'DELETE' }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: pushDevicesKey });
      await queryClient.invalidateQueries({ queryKey: accountQueryKey, exact: true });
    },
  });
}
