import { useEffect, useState } from 'react';
import { format } from 'date-fns';
import { BellRing } from 'lucide-react';
import { serverMessageOr } from '../../platform/api.ts';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { accountQueryKey } from '../../common/query-keys.ts';
import { pushDevicesKey, usePushDevices, useRemovePushDevice } from './api.ts';
import { deviceState, type DeviceState, thisDeviceId, turnOff, turnOn } from './this-device.ts';

const STATE_TEXT: Record<DeviceState, { badge: string; tone: string; text: string }> = {
  on: {
    badge: 'On',
    tone: 'bg-green-100 text-green-800',
    text: 'Reminders, event alerts and your morning summary appear on this device.',
  },
  off: {
    badge: 'Off',
    tone: 'bg-slate-100 text-slate-700',
    text: 'Get reminders here as notifications, for free. Your browser will ask you to allow them.',
  },
  blocked: {
    badge: 'Blocked by the browser',
    tone: 'bg-amber-100 text-amber-900',
    text: 'Notifications for FamilyHub are blocked in this browser. Allow them in the site settings (the icon beside the address), then come back.',
  },
  unsupported: {
    badge: 'Not supported',
    tone: 'bg-slate-100 text-slate-700',
    text: 'This browser cannot receive push notifications. You still get reminders by e-mail or SMS.',
  },
  'ios-home-screen': {
    badge: 'Add to Home Screen first',
    tone: 'bg-sky-100 text-sky-900',
    text: 'On iPhone and iPad, notifications work once FamilyHub is on your Home Screen: tap Share, then "Add to Home Screen", and open FamilyHub from there.',
  },
};

const when = (iso: string) => format(new Date(iso), 'MMM d, yyyy, h:mm a');

/**
 * Issue 41, Account Settings "Notifications on this device": the state of Web Push here, a button that asks for
 * permission only when clicked, and the account's other devices with Remove.
 * `initialState` is for screenshots and tests; the card otherwise reads the browser's.
 */
export function PushDeviceCard({ initialState }: { initialState?: DeviceState }) {
  const [state, setState] = useState<DeviceState | null>(initialState ?? null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const devices = usePushDevices();
  const remove = useRemovePushDevice();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (initialState) return;
    let live = true;
    void deviceState().then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, [initialState]);

  const act = async (action: () => Promise<DeviceState>) => {
    setBusy(true);
    setError(null);
    try {
      setState(await action());
    } catch (e) {
      setError(serverMessageOr(e, 'Could not change notifications on this device.'));
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: pushDevicesKey });
      void queryClient.invalidateQueries({ queryKey: accountQueryKey, exact: true });
    }
  };

  const mine = thisDeviceId();
  // 'On' only while the server still has this device: it is deleted with the session that subscribed it, by a
  // push service's 410, or from another device's list (Turn On then records the browser's subscription again).
  const gone = state === 'on' && devices.data !== undefined && !devices.data.some((d) => d.id === mine);
  const shown = state ? STATE_TEXT[gone ? 'off' : state] : null;
  return (
    <Card className="p-6" role="region" aria-labelledby="push-device-heading">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h2
            id="push-device-heading"
            className="flex items-center gap-2 text-lg font-semibold text-slate-900"
          >
            <BellRing className="h-5 w-5 shrink-0 text-indigo-600" aria-hidden />
            Notifications on this device
          </h2>
          {shown ? (
            <span
              data-testid="push-state"
              className={`mt-2 inline-block rounded-full px-2 py-0.5 text-xs font-medium ${shown.tone}`}
            >
              {shown.badge}
            </span>
          ) : null}
          <p className="mt-2 text-sm text-slate-600">{shown?.text ?? 'Checking this browser…'}</p>
        </div>
        {state === 'off' || gone ? (
          <Button disabled={busy} onClick={() => void act(turnOn)}>
            Turn On
          </Button>
        ) : state === 'on' && !gone ? (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => void act(() => turnOff((id) => remove.mutateAsync(id)))}
          >
            Turn Off
          </Button>
        ) : null}
      </div>
      {error ? (
        <div className="mt-4">
          <ErrorAlert>{error}</ErrorAlert>
        </div>
      ) : null}
      {devices.data && devices.data.length > 0 ? (
        <ul className="mt-4 divide-y divide-slate-200" aria-label="Devices that get notifications">
          {devices.data.map((device) => (
            <li key={device.id} className="flex flex-wrap items-center gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-slate-900">
                  {device.device_label}
                  {device.id === mine ? (
                    <span className="ml-2 inline-block rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-green-800">
                      This device
                    </span>
                  ) : null}
                </p>
                <p className="text-xs text-slate-600">
                  {device.last_success_at
                    ? `Last notification ${when(device.last_success_at)}`
                    : `Added ${when(device.created_at)} · nothing sent yet`}
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Stop notifications on ${device.device_label}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(device.id)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
