import { BellOff } from 'lucide-react';
import type { SwitchKey } from '../../../core/contracts/settings.ts';
import { Card } from '../../components/ui/card.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { useSetting, useUpdateSetting } from './api.ts';

const SWITCHES: { settingKey: SwitchKey; label: string; channel: string; failure: string }[] = [
  {
    settingKey: 'disable_all_emails',
    label: 'Disable All Email Notifications',
    channel: 'Email',
    failure: 'Failed to update email settings.',
  },
  {
    settingKey: 'disable_all_sms',
    label: 'Disable All SMS Notifications',
    channel: 'SMS',
    failure: 'Failed to update SMS settings.',
  },
  {
    settingKey: 'disable_all_push',
    label: 'Disable All Push Notifications',
    channel: 'Push',
    failure: 'Failed to update push settings.',
  },
];

/** SPEC §2 Global Notification Settings: the family-wide e-mail, SMS and (issue 41) push switches. */
export function GlobalSettingsCard() {
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <BellOff className="h-5 w-5 text-indigo-600" aria-hidden />
        Global Notification Settings
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Turn reminders off for the whole family. Invitations are still sent.
      </p>
      <div className="mt-4 space-y-3">
        {SWITCHES.map((s) => (
          <SettingSwitch key={s.settingKey} {...s} />
        ))}
      </div>
    </Card>
  );
}

function SettingSwitch({ settingKey, label, channel, failure }: (typeof SWITCHES)[number]) {
  const { toast } = useToast();
  const setting = useSetting(settingKey);
  const update = useUpdateSetting();
  return (
    <Switch
      label={label}
      checked={setting.data ?? false}
      disabled={setting.isPending || update.isPending}
      onCheckedChange={(on) =>
        update.mutate(
          { key: settingKey, on },
          {
            onSuccess: () =>
              toast({
                title: 'Settings updated',
                description: `${channel} notifications are now ${on ? 'disabled' : 'enabled'} globally.`,
              }),
            onError: () => toast({ title: 'Error', description: failure, variant: 'destructive' }),
          },
        )
      }
    />
  );
}
